import { z } from 'zod';

/** The customer page's tabs, in its order. */
export const PROPERTY_CATEGORIES = ['apartment', 'villa', 'plot', 'commercial'] as const;
export const propertyCategorySchema = z.enum(PROPERTY_CATEGORIES, 'must be apartment, villa, plot or commercial');
export type PropertyCategory = z.infer<typeof propertyCategorySchema>;

/** available: offered by the agent and the page; booked: shown on the page as booked, offered by nobody; sold: gone from the page too. */
export const PROPERTY_STATUSES = ['available', 'booked', 'sold'] as const;
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES, 'must be available, booked or sold');
export type PropertyStatus = z.infer<typeof propertyStatusSchema>;

/** GET /api/properties (public): a property as the customer page shows it, sold ones left out. */
export const listedPropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** As the page shows it: "Andheri West, Mumbai". */
  location: z.string(),
  category: propertyCategorySchema,
  /** As advertised: "₹1.2 Cr", "₹85 Lakh". */
  priceText: z.string(),
  /** The same price in whole rupees: the page's price filter compares these. */
  priceRupees: z.number(),
  /** As advertised: "1,050 sq ft". */
  area: z.string(),
  amenities: z.array(z.string()),
  /** One of the page's own pictures (a sample property's); null: the page's generic picture. */
  imageKey: z.string().nullable(),
  status: z.enum(['available', 'booked']),
});
export type ListedProperty = z.infer<typeof listedPropertySchema>;

/** GET /api/properties/inventory (staff): every property, sold ones too, with what admins edit and its version. */
export const propertySchema = listedPropertySchema.extend({
  status: propertyStatusSchema,
  locality: z.string(),
  city: z.string(),
  /** Null for plots and commercial space. */
  bedrooms: z.number().int().nullable(),
  areaSqFt: z.number().nullable(),
  /** The line the agent reads aloud after the price and locality. */
  highlight: z.string().nullable(),
  /** Where a site visit meets. */
  siteVisitAddress: z.string(),
  /** Bumped by every change; PATCH names it in If-Match (the answer's ETag). */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Property = z.infer<typeof propertySchema>;

/** The `:id` of a property's route: the whole number the table gives it. */
export const propertyIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be the id of a property (a whole number)')
    .transform(Number),
});
