import type { ListedProperty } from '@lead-desk/contracts';

/**
 * The 16 sample properties as GET /api/properties lists them on a new install (the migration
 * inserts them; the API's properties e2e test holds the table to this same list).
 * Four per category and four per price range; several sit on a range boundary (₹50 Lakh, ₹1 Cr, ₹2 Cr) or just below one.
 */
export const SAMPLE_PROPERTIES: ListedProperty[] = [
  { id: 1, name: 'Skyline Residency 2BHK', location: 'Andheri West, Mumbai', category: 'apartment', priceText: '₹1.2 Cr', priceRupees: 12_000_000, area: '1,050 sq ft', amenities: ['Swimming pool', 'Gym', '24x7 security'], imageKey: 'skyline-residency', status: 'available' },
  { id: 2, name: 'Prestige Lakeside Habitat 3BHK', location: 'Whitefield, Bengaluru', category: 'apartment', priceText: '₹95 Lakh', priceRupees: 9_500_000, area: '1,480 sq ft', amenities: ['Lake view', 'Clubhouse', 'Covered parking'], imageKey: 'prestige-lakeside-habitat', status: 'available' },
  { id: 3, name: 'Green Valley Heights 2BHK', location: 'Wakad, Pune', category: 'apartment', priceText: '₹49.5 Lakh', priceRupees: 4_950_000, area: '940 sq ft', amenities: ['Children’s play area', 'Power backup', 'Lift'], imageKey: 'green-valley-heights', status: 'available' },
  { id: 4, name: 'DLF Park Place 4BHK', location: 'Sector 54, Gurugram', category: 'apartment', priceText: '₹2 Cr', priceRupees: 20_000_000, area: '2,350 sq ft', amenities: ['Golf course view', 'Concierge', 'Gym'], imageKey: 'dlf-park-place', status: 'available' },
  { id: 5, name: 'Palm Grove Villa', location: 'East Coast Road, Chennai', category: 'villa', priceText: '₹1.85 Cr', priceRupees: 18_500_000, area: '2,800 sq ft', amenities: ['Private garden', 'Sea breeze', 'Solar panels'], imageKey: 'palm-grove-villa', status: 'available' },
  { id: 6, name: 'Casa Goa Heritage Villa', location: 'Assagao, Goa', category: 'villa', priceText: '₹3.5 Cr', priceRupees: 35_000_000, area: '3,600 sq ft', amenities: ['Private pool', 'Portuguese architecture', 'Courtyard'], imageKey: 'casa-goa-heritage-villa', status: 'available' },
  { id: 7, name: 'Whispering Pines Villa', location: 'Sarjapur Road, Bengaluru', category: 'villa', priceText: '₹99 Lakh', priceRupees: 9_900_000, area: '2,100 sq ft', amenities: ['Gated community', 'Terrace garden', 'Clubhouse'], imageKey: 'whispering-pines-villa', status: 'available' },
  { id: 8, name: 'Lotus Courtyard Villa', location: 'Jubilee Hills, Hyderabad', category: 'villa', priceText: '₹4.2 Cr', priceRupees: 42_000_000, area: '4,500 sq ft', amenities: ['Home theatre', 'Private pool', 'Staff quarters'], imageKey: 'lotus-courtyard-villa', status: 'available' },
  { id: 9, name: 'Sunrise Meadows Plot', location: 'Shamshabad, Hyderabad', category: 'plot', priceText: '₹35 Lakh', priceRupees: 3_500_000, area: '1,800 sq ft', amenities: ['HMDA approved', 'Near airport', 'Gated layout'], imageKey: 'sunrise-meadows-plot', status: 'available' },
  { id: 10, name: 'Riverside Farm Plot', location: 'Karjat, Maharashtra', category: 'plot', priceText: '₹50 Lakh', priceRupees: 5_000_000, area: '10,000 sq ft', amenities: ['River frontage', 'Mango trees', 'Borewell'], imageKey: 'riverside-farm-plot', status: 'available' },
  { id: 11, name: 'Orchard Enclave Plot', location: 'Devanahalli, Bengaluru', category: 'plot', priceText: '₹72 Lakh', priceRupees: 7_200_000, area: '2,400 sq ft', amenities: ['BIAAPA approved', 'Clubhouse', 'Underground cabling'], imageKey: 'orchard-enclave-plot', status: 'available' },
  { id: 12, name: 'Heritage Acres Plot', location: 'Mahabalipuram Road, Chennai', category: 'plot', priceText: '₹28 Lakh', priceRupees: 2_800_000, area: '1,200 sq ft', amenities: ['DTCP approved', 'Corner plot', 'Tar roads'], imageKey: 'heritage-acres-plot', status: 'available' },
  { id: 13, name: 'Cyber Hub Office Suite', location: 'DLF Cyber City, Gurugram', category: 'commercial', priceText: '₹2.75 Cr', priceRupees: 27_500_000, area: '3,200 sq ft', amenities: ['Grade A building', 'Metro access', 'Central AC'], imageKey: 'cyber-hub-office-suite', status: 'available' },
  { id: 14, name: 'Marketplace Retail Shop', location: 'Koregaon Park, Pune', category: 'commercial', priceText: '₹1 Cr', priceRupees: 10_000_000, area: '650 sq ft', amenities: ['Ground floor', 'High footfall', 'Visitor parking'], imageKey: 'marketplace-retail-shop', status: 'available' },
  { id: 15, name: 'Tech Park Co-working Floor', location: 'HITEC City, Hyderabad', category: 'commercial', priceText: '₹1.99 Cr', priceRupees: 19_900_000, area: '4,000 sq ft', amenities: ['Plug and play', 'Cafeteria', 'Power backup'], imageKey: 'tech-park-coworking-floor', status: 'available' },
  { id: 16, name: 'High Street Showroom', location: 'Salt Lake Sector V, Kolkata', category: 'commercial', priceText: '₹45 Lakh', priceRupees: 4_500_000, area: '480 sq ft', amenities: ['Main road facing', 'Glass frontage', 'Lift'], imageKey: 'high-street-showroom', status: 'available' },
];
