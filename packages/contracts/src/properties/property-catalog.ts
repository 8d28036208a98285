/**
 * The properties the customer page shows, by id and name: a callback request names one by
 * its id, and the lead keeps its name as its interest. The page's own data (prices, images,
 * amenities) lives in apps/web; a test there holds the two lists to the same ids and names.
 */
export const PROPERTY_CATALOG = [
  { id: 1, name: 'Skyline Residency 2BHK' },
  { id: 2, name: 'Prestige Lakeside Habitat 3BHK' },
  { id: 3, name: 'Green Valley Heights 2BHK' },
  { id: 4, name: 'DLF Park Place 4BHK' },
  { id: 5, name: 'Palm Grove Villa' },
  { id: 6, name: 'Casa Goa Heritage Villa' },
  { id: 7, name: 'Whispering Pines Villa' },
  { id: 8, name: 'Lotus Courtyard Villa' },
  { id: 9, name: 'Sunrise Meadows Plot' },
  { id: 10, name: 'Riverside Farm Plot' },
  { id: 11, name: 'Orchard Enclave Plot' },
  { id: 12, name: 'Heritage Acres Plot' },
  { id: 13, name: 'Cyber Hub Office Suite' },
  { id: 14, name: 'Marketplace Retail Shop' },
  { id: 15, name: 'Tech Park Co-working Floor' },
  { id: 16, name: 'High Street Showroom' },
] as const satisfies readonly { id: number; name: string }[];

/** The name of the page's property with this id, or null when the page has none. */
export function propertyNameOf(id: number): string | null {
  return PROPERTY_CATALOG.find((property) => property.id === id)?.name ?? null;
}
