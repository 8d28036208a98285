// Fixed showcase figures for the dashboard header, not computed from the leads.

export const DASHBOARD_FIGURES = [
  { label: 'Growth', value: '24%' },
  { label: 'Revenue', value: '₹2.4Cr' },
  { label: 'Active', value: '127' },
] as const;
