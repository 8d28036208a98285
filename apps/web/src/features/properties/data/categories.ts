import type { PropertyCategory } from '@lead-desk/contracts';

export const PROPERTY_CATEGORIES: readonly { id: PropertyCategory; label: string }[] = [
  { id: 'apartment', label: 'Apartments' },
  { id: 'villa', label: 'Villas' },
  { id: 'plot', label: 'Plots' },
  { id: 'commercial', label: 'Commercial' },
];
