export type PropertyCategory = 'apartment' | 'villa' | 'plot' | 'commercial';

export interface Property {
  id: number;
  name: string;
  location: string;
  /** As advertised, in Lakh or Cr: "₹85 Lakh", "₹1.2 Cr". */
  price: string;
  category: PropertyCategory;
  area: string;
  amenities: string[];
  image: string;
}
