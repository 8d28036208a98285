import { apiJson } from '../../../lib/apiClient';

/** What a site visit's property picker needs of a property GET /api/properties lists. */
export interface PropertyChoice {
  id: number;
  name: string;
}

export async function fetchPropertyChoices(signal?: AbortSignal): Promise<PropertyChoice[]> {
  const properties = await apiJson<PropertyChoice[]>('/api/properties', { signal });
  return properties.map(({ id, name }) => ({ id, name }));
}
