import type { PropertyCategory } from '../types';

export const PROPERTY_CATEGORIES: readonly { id: PropertyCategory; label: string }[] = [
  { id: 'apartment', label: 'Apartments' },
  { id: 'villa', label: 'Villas' },
  { id: 'plot', label: 'Plots' },
  { id: 'commercial', label: 'Commercial' },
];
