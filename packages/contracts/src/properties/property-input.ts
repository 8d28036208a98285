import { z } from 'zod';
import { optionalText, text } from '../common/text';
import { propertyCategorySchema, propertyStatusSchema } from './property';
import { propertyPriceSchema } from './property-price';

const required = (max: number) => text(max).pipe(z.string().min(1, 'is required'));

const fields = {
  name: required(100),
  category: propertyCategorySchema,
  locality: required(100),
  city: required(100),
  /** As the page shows it; left out, "locality, city". */
  location: required(150),
  price: propertyPriceSchema,
  bedrooms: z.number('must be a whole number of bedrooms').int('must be a whole number of bedrooms').min(0, 'must be at least 0').max(20, 'must be at most 20').nullable(),
  areaSqFt: z.number('must be a number of square feet').positive('must be more than 0').max(10_000_000, 'must be at most 10,000,000'),
  amenities: z.array(required(60), 'must be a list of text').max(12, 'must be at most 12'),
  highlight: optionalText(200),
  /** Left out, "Site office, name, location". */
  siteVisitAddress: required(300),
  status: propertyStatusSchema,
};

/** POST /api/properties (admins): a property for the page and the agent, available unless said otherwise. */
export const newPropertySchema = z.strictObject({
  ...fields,
  location: fields.location.optional(),
  bedrooms: fields.bedrooms.optional(),
  amenities: fields.amenities.optional(),
  siteVisitAddress: fields.siteVisitAddress.optional(),
  status: fields.status.optional(),
});
export type NewProperty = z.input<typeof newPropertySchema>;
export type ValidNewProperty = z.output<typeof newPropertySchema>;

/** PATCH /api/properties/:id (admins): what is sent changes; marking one sold is `{ "status": "sold" }`. */
export const propertyChangesSchema = z
  .strictObject(fields)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'must change at least one field');
export type PropertyChanges = z.input<typeof propertyChangesSchema>;
export type ValidPropertyChanges = z.output<typeof propertyChangesSchema>;
