import { newPropertySchema, PROPERTY_CATEGORIES, PROPERTY_STATUSES, type NewProperty, type Property } from '@lead-desk/contracts';
import { z } from 'zod';

const contract = newPropertySchema.shape;

/** Reads an input's value with a contract's schema, keeping its messages. */
function readBy<T>(schema: z.ZodType<T>) {
  return (value: unknown, context: z.RefinementCtx): T => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };
}

/** The bedrooms as the input holds them: empty is "none" (a plot, an office). */
const bedroomsText = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === '') return null;
    const bedrooms = Number(text);
    if (Number.isInteger(bedrooms) && bedrooms >= 0 && bedrooms <= 20) return bedrooms;
    context.addIssue({ code: 'custom', message: 'must be a whole number from 0 to 20' });
    return z.NEVER;
  });

/**
 * The Properties panel's form as it holds its fields (text inputs and selects), read into
 * the contract's body: the price as typed (the API reads "₹85 Lakh", "1.2 Cr" or rupees,
 * and so does this check), amenities comma-separated, empty optional fields left out.
 */
export const propertyFormSchema = z
  .object({
    name: contract.name,
    category: z.enum(PROPERTY_CATEGORIES, 'must be chosen'),
    locality: contract.locality,
    city: contract.city,
    location: z.string(),
    price: z.string().transform(readBy(contract.price)),
    bedrooms: bedroomsText,
    areaSqFt: z
      .string()
      .trim()
      .min(1, 'is required')
      .transform((text, context) => readBy(contract.areaSqFt)(Number(text), context)),
    amenities: z.string(),
    highlight: z.string(),
    siteVisitAddress: z.string(),
    status: z.enum(PROPERTY_STATUSES),
  })
  .transform(
    ({ location, amenities, highlight, siteVisitAddress, ...fields }): NewProperty => ({
      ...fields,
      ...(location.trim() && { location: location.trim() }),
      amenities: amenities
        .split(',')
        .map((amenity) => amenity.trim())
        .filter(Boolean),
      highlight: highlight.trim() || null,
      ...(siteVisitAddress.trim() && { siteVisitAddress: siteVisitAddress.trim() }),
    }),
  );

export type PropertyFormValues = z.input<typeof propertyFormSchema>;
export type PropertyField = keyof PropertyFormValues;

export const EMPTY_PROPERTY_FORM: PropertyFormValues = {
  name: '',
  category: 'apartment',
  locality: '',
  city: '',
  location: '',
  price: '',
  bedrooms: '',
  areaSqFt: '',
  amenities: '',
  highlight: '',
  siteVisitAddress: '',
  status: 'available',
};

/** A stored property as the form shows it, to edit. */
export function propertyFormValues(property: Property): PropertyFormValues {
  return {
    name: property.name,
    category: property.category,
    locality: property.locality,
    city: property.city,
    location: property.location,
    price: property.priceText,
    bedrooms: property.bedrooms === null ? '' : String(property.bedrooms),
    areaSqFt: property.areaSqFt === null ? '' : String(property.areaSqFt),
    amenities: property.amenities.join(', '),
    highlight: property.highlight ?? '',
    siteVisitAddress: property.siteVisitAddress,
    status: property.status,
  };
}
