import { listedPropertySchema, propertySchema, type ListedProperty, type Property } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { StoredProperty } from '../properties.repository';

export class ListedPropertyOutput extends createZodDto(listedPropertySchema) {}
export class PropertyOutput extends createZodDto(propertySchema) {}

/** A property the customer page lists: available or booked (a sold one leaves the page). */
export type ListedStoredProperty = StoredProperty & { status: ListedProperty['status'] };

export function isListed(property: StoredProperty): property is ListedStoredProperty {
  return property.status !== 'sold';
}

/** Only what the customer page shows: no site-visit address, version or times. */
export function toListedPropertyOutput(property: ListedStoredProperty): ListedProperty {
  return { ...pageFields(property), status: property.status };
}

export function toPropertyOutput(property: StoredProperty): Property {
  return {
    ...pageFields(property),
    status: property.status,
    locality: property.locality,
    city: property.city,
    bedrooms: property.bedrooms,
    areaSqFt: property.areaSqFt,
    highlight: property.highlight,
    siteVisitAddress: property.siteVisitAddress,
    version: property.version,
    createdAt: property.createdAt.toISOString(),
    updatedAt: property.updatedAt.toISOString(),
  };
}

/** What the page shows of any property (its status apart: the page's list knows two of them). */
function pageFields(property: StoredProperty): Omit<ListedProperty, 'status'> {
  return {
    id: property.id,
    name: property.name,
    location: property.location,
    category: property.category,
    priceText: property.priceText,
    priceRupees: property.priceRupees,
    area: property.area,
    amenities: property.amenities,
    imageKey: property.imageKey,
  };
}
