/** Every staff endpoint, and the lowest role that may call it. The access matrix test walks this list. */
export interface StaffEndpoint {
  method: 'get' | 'post' | 'delete';
  path: string;
  body?: unknown;
  role: 'agent' | 'admin';
}

export const STAFF_ENDPOINTS: StaffEndpoint[] = [
  { method: 'get', path: '/api/leads', role: 'agent' },
  { method: 'get', path: '/api/leads/stats', role: 'agent' },
  { method: 'get', path: '/api/leads/{leadId}', role: 'agent' },
  { method: 'post', path: '/api/leads', body: { name: 'Matrix Lead' }, role: 'agent' },
  { method: 'get', path: '/api/leads/export.csv', role: 'admin' },
  { method: 'post', path: '/api/leads/import', body: 'name\nImported Matrix Lead\n', role: 'admin' },
  { method: 'get', path: '/api/events', role: 'agent' },
  // No voice platform is configured in the matrix: a permitted call gets as far as 503.
  { method: 'post', path: '/api/calls', body: { leadId: '{leadId}' }, role: 'agent' },
  { method: 'get', path: '/api/calls/{callId}', role: 'agent' },
  { method: 'get', path: '/api/staff', role: 'admin' },
  { method: 'post', path: '/api/staff', body: { email: 'new.{n}@example.in', name: 'New Staff', role: 'agent', password: 'a long enough password' }, role: 'admin' },
];
