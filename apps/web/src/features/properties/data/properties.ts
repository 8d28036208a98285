import type { Property } from '../types';
import casaGoaHeritageVilla from '../images/casa-goa-heritage-villa.svg';
import cyberHubOfficeSuite from '../images/cyber-hub-office-suite.svg';
import dlfParkPlace from '../images/dlf-park-place.svg';
import greenValleyHeights from '../images/green-valley-heights.svg';
import heritageAcresPlot from '../images/heritage-acres-plot.svg';
import highStreetShowroom from '../images/high-street-showroom.svg';
import lotusCourtyardVilla from '../images/lotus-courtyard-villa.svg';
import marketplaceRetailShop from '../images/marketplace-retail-shop.svg';
import orchardEnclavePlot from '../images/orchard-enclave-plot.svg';
import palmGroveVilla from '../images/palm-grove-villa.svg';
import prestigeLakesideHabitat from '../images/prestige-lakeside-habitat.svg';
import riversideFarmPlot from '../images/riverside-farm-plot.svg';
import skylineResidency from '../images/skyline-residency.svg';
import sunriseMeadowsPlot from '../images/sunrise-meadows-plot.svg';
import techParkCoworkingFloor from '../images/tech-park-coworking-floor.svg';
import whisperingPinesVilla from '../images/whispering-pines-villa.svg';

// Four per category and four per price range; several sit on a range boundary (₹50 Lakh, ₹1 Cr, ₹2 Cr) or just below one.
export const PROPERTIES: readonly Property[] = [
  {
    id: 1,
    name: 'Skyline Residency 2BHK',
    location: 'Andheri West, Mumbai',
    price: '₹1.2 Cr',
    category: 'apartment',
    area: '1,050 sq ft',
    amenities: ['Swimming pool', 'Gym', '24x7 security'],
    image: skylineResidency,
  },
  {
    id: 2,
    name: 'Prestige Lakeside Habitat 3BHK',
    location: 'Whitefield, Bengaluru',
    price: '₹95 Lakh',
    category: 'apartment',
    area: '1,480 sq ft',
    amenities: ['Lake view', 'Clubhouse', 'Covered parking'],
    image: prestigeLakesideHabitat,
  },
  {
    id: 3,
    name: 'Green Valley Heights 2BHK',
    location: 'Wakad, Pune',
    price: '₹49.5 Lakh',
    category: 'apartment',
    area: '940 sq ft',
    amenities: ['Children’s play area', 'Power backup', 'Lift'],
    image: greenValleyHeights,
  },
  {
    id: 4,
    name: 'DLF Park Place 4BHK',
    location: 'Sector 54, Gurugram',
    price: '₹2 Cr',
    category: 'apartment',
    area: '2,350 sq ft',
    amenities: ['Golf course view', 'Concierge', 'Gym'],
    image: dlfParkPlace,
  },
  {
    id: 5,
    name: 'Palm Grove Villa',
    location: 'East Coast Road, Chennai',
    price: '₹1.85 Cr',
    category: 'villa',
    area: '2,800 sq ft',
    amenities: ['Private garden', 'Sea breeze', 'Solar panels'],
    image: palmGroveVilla,
  },
  {
    id: 6,
    name: 'Casa Goa Heritage Villa',
    location: 'Assagao, Goa',
    price: '₹3.5 Cr',
    category: 'villa',
    area: '3,600 sq ft',
    amenities: ['Private pool', 'Portuguese architecture', 'Courtyard'],
    image: casaGoaHeritageVilla,
  },
  {
    id: 7,
    name: 'Whispering Pines Villa',
    location: 'Sarjapur Road, Bengaluru',
    price: '₹99 Lakh',
    category: 'villa',
    area: '2,100 sq ft',
    amenities: ['Gated community', 'Terrace garden', 'Clubhouse'],
    image: whisperingPinesVilla,
  },
  {
    id: 8,
    name: 'Lotus Courtyard Villa',
    location: 'Jubilee Hills, Hyderabad',
    price: '₹4.2 Cr',
    category: 'villa',
    area: '4,500 sq ft',
    amenities: ['Home theatre', 'Private pool', 'Staff quarters'],
    image: lotusCourtyardVilla,
  },
  {
    id: 9,
    name: 'Sunrise Meadows Plot',
    location: 'Shamshabad, Hyderabad',
    price: '₹35 Lakh',
    category: 'plot',
    area: '1,800 sq ft',
    amenities: ['HMDA approved', 'Near airport', 'Gated layout'],
    image: sunriseMeadowsPlot,
  },
  {
    id: 10,
    name: 'Riverside Farm Plot',
    location: 'Karjat, Maharashtra',
    price: '₹50 Lakh',
    category: 'plot',
    area: '10,000 sq ft',
    amenities: ['River frontage', 'Mango trees', 'Borewell'],
    image: riversideFarmPlot,
  },
  {
    id: 11,
    name: 'Orchard Enclave Plot',
    location: 'Devanahalli, Bengaluru',
    price: '₹72 Lakh',
    category: 'plot',
    area: '2,400 sq ft',
    amenities: ['BIAAPA approved', 'Clubhouse', 'Underground cabling'],
    image: orchardEnclavePlot,
  },
  {
    id: 12,
    name: 'Heritage Acres Plot',
    location: 'Mahabalipuram Road, Chennai',
    price: '₹28 Lakh',
    category: 'plot',
    area: '1,200 sq ft',
    amenities: ['DTCP approved', 'Corner plot', 'Tar roads'],
    image: heritageAcresPlot,
  },
  {
    id: 13,
    name: 'Cyber Hub Office Suite',
    location: 'DLF Cyber City, Gurugram',
    price: '₹2.75 Cr',
    category: 'commercial',
    area: '3,200 sq ft',
    amenities: ['Grade A building', 'Metro access', 'Central AC'],
    image: cyberHubOfficeSuite,
  },
  {
    id: 14,
    name: 'Marketplace Retail Shop',
    location: 'Koregaon Park, Pune',
    price: '₹1 Cr',
    category: 'commercial',
    area: '650 sq ft',
    amenities: ['Ground floor', 'High footfall', 'Visitor parking'],
    image: marketplaceRetailShop,
  },
  {
    id: 15,
    name: 'Tech Park Co-working Floor',
    location: 'HITEC City, Hyderabad',
    price: '₹1.99 Cr',
    category: 'commercial',
    area: '4,000 sq ft',
    amenities: ['Plug and play', 'Cafeteria', 'Power backup'],
    image: techParkCoworkingFloor,
  },
  {
    id: 16,
    name: 'High Street Showroom',
    location: 'Salt Lake Sector V, Kolkata',
    price: '₹45 Lakh',
    category: 'commercial',
    area: '480 sq ft',
    amenities: ['Main road facing', 'Glass frontage', 'Lift'],
    image: highStreetShowroom,
  },
];
