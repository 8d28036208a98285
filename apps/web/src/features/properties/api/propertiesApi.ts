import type { ListedProperty, NewProperty, Property, PropertyChanges } from '@lead-desk/contracts';
import { apiJson } from '../../../lib/apiClient';

export const propertyKeys = {
  all: ['properties'] as const,
  listed: ['properties', 'listed'] as const,
  inventory: ['properties', 'inventory'] as const,
};

/** The customer page's list (public); the browser revalidates it by its ETag. */
export const fetchListedProperties = (signal?: AbortSignal): Promise<ListedProperty[]> => apiJson('/api/properties', { signal });
/** Every property, sold ones too, with what admins edit (staff). */
export const fetchPropertyInventory = (signal?: AbortSignal): Promise<Property[]> => apiJson('/api/properties/inventory', { signal });
export const createProperty = (property: NewProperty): Promise<Property> => apiJson('/api/properties', { method: 'POST', body: property });
/** A change made against the version the admin saw: a property changed since answers 412. */
export const changeProperty = (id: number, version: number, changes: PropertyChanges): Promise<Property> =>
  apiJson(`/api/properties/${id}`, { method: 'PATCH', body: changes, headers: { 'If-Match': `"${version}"` } });
