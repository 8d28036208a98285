/** Every staff endpoint, and the lowest role that may call it. The access matrix test walks this list. */
export interface StaffEndpoint {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /**
   * The route as the router has it, with {leadId}, {callId}, {eventId}, {stageId}, {noteId}, {viewId},
   * {jobId}, {consentId}, {erasureId}, {duplicateId}, {twinId}, {mergeId}, {sourceId} (a lead source an admin made), {sourceKeyId} (a key of it), {templateId} (a WhatsApp template an admin registered), {propertyId} (a sample property), {taskId} (a task on the matrix's lead), {staffId} or {selfId} (the caller's own account)
   * where the test puts a real id (a query string after it); a body's {personPhone} is the phone of a disposable person made
   * for the call, its "{leadVersion}" the matrix lead's version.
   */
  path: string;
  body?: unknown;
  role: 'agent' | 'admin';
  /** About the matrix's lead, which the agent owns: another agent gets a 404, as if it did not exist. */
  leadScoped?: true;
  /** The call ends the session it is made with: it gets a session of its own. */
  endsSession?: boolean;
}

export const STAFF_ENDPOINTS: StaffEndpoint[] = [
  { method: 'get', path: '/api/leads', role: 'agent' },
  { method: 'get', path: '/api/leads/stats', role: 'agent' },
  { method: 'get', path: '/api/leads/board', role: 'agent' },
  { method: 'get', path: '/api/leads/sources', role: 'agent' },
  { method: 'get', path: '/api/leads/stats/daily', role: 'agent' },
  { method: 'get', path: '/api/reports/speed-to-lead?from=2026-11-01&to=2026-11-30', role: 'agent' },
  { method: 'get', path: '/api/leads/{leadId}', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/leads/{leadId}/activity', role: 'agent', leadScoped: true },
  { method: 'patch', path: '/api/leads/{leadId}', body: { location: 'Matrix City' }, role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/leads/{leadId}/archive', role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/leads/{leadId}/unarchive', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/leads/{leadId}/notes', role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/leads/{leadId}/notes', body: { body: 'A note from the matrix' }, role: 'agent', leadScoped: true },
  // {noteId} is a note the caller wrote (an admin's, for a caller who cannot see the lead).
  { method: 'patch', path: '/api/leads/{leadId}/notes/{noteId}', body: { body: 'Edited by its author' }, role: 'agent', leadScoped: true },
  { method: 'delete', path: '/api/leads/{leadId}/notes/{noteId}', role: 'agent', leadScoped: true },
  { method: 'put', path: '/api/leads/{leadId}/tags', body: { tags: ['Matrix'] }, role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/tags', role: 'agent' },
  { method: 'post', path: '/api/leads', body: { name: 'Matrix Lead' }, role: 'agent' },
  { method: 'get', path: '/api/leads/duplicates', role: 'agent' },
  // {duplicateId} pairs the matrix's lead with an unassigned lead added over its phone.
  { method: 'post', path: '/api/leads/duplicates/{duplicateId}/dismiss', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/leads/matches', role: 'agent' },
  // {twinId} is an unassigned lead the admin added for the call, merged into the matrix's lead.
  { method: 'get', path: '/api/leads/merge-preview?keepId={leadId}&mergeId={twinId}', role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/leads/merge', body: { keepId: '{leadId}', mergeId: '{twinId}', keepVersion: '{leadVersion}', mergeVersion: 1 }, role: 'agent', leadScoped: true },
  // {mergeId} is the admin's merge of a twin into the matrix's lead, made just before.
  { method: 'post', path: '/api/leads/merges/{mergeId}/undo', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/views', role: 'agent' },
  { method: 'post', path: '/api/views', body: { name: 'Matrix View {n}', filter: { status: 'qualified' } }, role: 'agent' },
  // {viewId} is a view the caller saved.
  { method: 'patch', path: '/api/views/{viewId}', body: { name: 'Renamed Matrix View' }, role: 'agent' },
  { method: 'delete', path: '/api/views/{viewId}', role: 'agent' },
  { method: 'get', path: '/api/leads/export.csv', role: 'admin' },
  { method: 'post', path: '/api/leads/import', body: 'name\nImported Matrix Lead\n', role: 'admin' },
  { method: 'post', path: '/api/leads/import/preview', body: 'name\nPreviewed Matrix Lead\n', role: 'admin' },
  { method: 'post', path: '/api/leads/import/jobs', body: 'name\nMatrix Lead Imported by a Job\n', role: 'admin' },
  { method: 'get', path: '/api/stages', role: 'agent' },
  { method: 'post', path: '/api/stages', body: { name: 'Matrix Stage {n}' }, role: 'admin' },
  // {stageId} is a default stage; the body renames it to the name it has.
  { method: 'patch', path: '/api/stages/{stageId}', body: { name: 'Contacted' }, role: 'admin' },
  { method: 'get', path: '/api/events', role: 'agent' },
  // No voice platform is configured in the matrix: a permitted call gets as far as 503.
  { method: 'post', path: '/api/calls', body: { leadId: '{leadId}' }, role: 'agent', leadScoped: true },
  // {callId} is a call with the matrix's lead.
  { method: 'get', path: '/api/calls/{callId}', role: 'agent', leadScoped: true },
  // The matrix's call has no recording: a permitted request gets as far as 404.
  { method: 'get', path: '/api/calls/{callId}/recording', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/webhooks/events', role: 'admin' },
  // {eventId} is a stored message that names no call: replaying it changes nothing.
  { method: 'post', path: '/api/webhooks/events/{eventId}/replay', role: 'admin' },
  { method: 'get', path: '/api/staff', role: 'admin' },
  { method: 'post', path: '/api/staff', body: { email: 'new.{n}@example.in', name: 'New Staff', role: 'agent', password: 'a long enough password' }, role: 'admin' },
  // {staffId} is a staff account created for each call.
  { method: 'delete', path: '/api/staff/{staffId}', role: 'admin' },
  // Agents set their own availability (another member's is a 403, staff-availability.e2e-spec.ts).
  { method: 'patch', path: '/api/staff/{selfId}', body: { available: true }, role: 'agent' },
  { method: 'get', path: '/api/staff/me', role: 'agent' },
  { method: 'get', path: '/api/settings/assignment', role: 'admin' },
  { method: 'put', path: '/api/settings/assignment', body: { mode: 'off' }, role: 'admin' },
  { method: 'get', path: '/api/calls/refusals', role: 'admin' },
  { method: 'get', path: '/api/leads/{leadId}/call-eligibility', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/leads/{leadId}/consents', role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/leads/{leadId}/consents', body: { wording: 'Yes, you may call me about flats' }, role: 'agent', leadScoped: true },
  // {consentId} is a consent on the matrix's lead recorded by the caller (an admin, for a caller who cannot see the lead): never already withdrawn.
  { method: 'post', path: '/api/leads/{leadId}/consents/{consentId}/withdraw', body: {}, role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/dnd-list', role: 'admin' },
  // The scrub list gets a number no lead of the matrix has (POST /api/calls still gets as far as its 503).
  { method: 'put', path: '/api/dnd-list', body: 'number\n+919000000001\n', role: 'admin' },
  // The caller's leads named "Existing Lead" (the matrix's lead, or none for another agent) get a tag.
  { method: 'post', path: '/api/leads/bulk', body: { filter: { q: 'Existing Lead' }, action: { type: 'addTags', tags: ['Matrix'] } }, role: 'agent' },
  // {jobId} is a bulk job the caller made (an admin's, for a caller without a session): a job is only its creator's and the admins'.
  { method: 'get', path: '/api/jobs/{jobId}', role: 'agent' },
  // Here {jobId} is an admin's export: exports are admins'.
  { method: 'get', path: '/api/jobs/{jobId}/export.csv', role: 'admin' },
  { method: 'get', path: '/api/audit', role: 'admin' },
  // The archive only reads: the matrix's own lead is the person.
  { method: 'post', path: '/api/privacy/access', body: { phone: '+919876543210' }, role: 'admin' },
  // A disposable person, so the matrix's lead is never erased.
  { method: 'post', path: '/api/privacy/erasure', body: { phone: '{personPhone}', requestedBy: 'The person, by email' }, role: 'admin' },
  // {erasureId} is an admin's erasure of a disposable person.
  { method: 'get', path: '/api/privacy/erasures/{erasureId}', role: 'admin' },
  { method: 'get', path: '/api/lead-sources', role: 'admin' },
  { method: 'post', path: '/api/lead-sources', body: { name: 'Matrix Portal {n}' }, role: 'admin' },
  { method: 'patch', path: '/api/lead-sources/{sourceId}', body: { autoCall: false }, role: 'admin' },
  { method: 'delete', path: '/api/lead-sources/{sourceId}', role: 'admin' },
  { method: 'get', path: '/api/lead-sources/{sourceId}/keys', role: 'admin' },
  { method: 'post', path: '/api/lead-sources/{sourceId}/keys', body: {}, role: 'admin' },
  { method: 'delete', path: '/api/lead-sources/{sourceId}/keys/{sourceKeyId}', role: 'admin' },
  { method: 'post', path: '/api/lead-sources/{sourceId}/test-lead', body: {}, role: 'admin' },
  { method: 'get', path: '/api/settings/staff-leads', role: 'admin' },
  { method: 'put', path: '/api/settings/staff-leads', body: { autoCall: null }, role: 'admin' },
  { method: 'get', path: '/api/settings/whatsapp-automatic', role: 'admin' },
  // Every automatic message off, as it is until an admin turns one on.
  {
    method: 'put',
    path: '/api/settings/whatsapp-automatic',
    body: {
      callbackMissed: { enabled: false, template: null },
      visitConfirmation: { enabled: false, template: null },
      visitReminder: { enabled: false, template: null, minutesBefore: 120 },
    },
    role: 'admin',
  },
  { method: 'get', path: '/api/properties/inventory', role: 'agent' },
  { method: 'post', path: '/api/properties', body: { name: 'Matrix Residency {n}', category: 'apartment', locality: 'Wakad', city: 'Pune', price: '₹60 Lakh', areaSqFt: 900 }, role: 'admin' },
  // {propertyId} is the sample showroom: it gets the highlight it has, so the page shows nothing new.
  { method: 'patch', path: '/api/properties/{propertyId}', body: { highlight: 'A showroom facing the main road, with a glass frontage' }, role: 'admin' },
  { method: 'get', path: '/api/tasks?assignee=me&due=today', role: 'agent' },
  { method: 'post', path: '/api/tasks', body: { leadId: '{leadId}', type: 'call', dueAt: '2026-12-01T10:00:00+05:30' }, role: 'agent', leadScoped: true },
  // {taskId} is a task the admin made on the matrix's lead (the agent's, by its owner).
  { method: 'get', path: '/api/tasks/{taskId}', role: 'agent', leadScoped: true },
  { method: 'patch', path: '/api/tasks/{taskId}', body: { notes: 'Edited by the matrix' }, role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/calendar?from=2026-11-23&to=2026-11-29', role: 'agent' },
  { method: 'post', path: '/api/staff/me/calendar-feed', role: 'agent' },
  { method: 'delete', path: '/api/staff/me/calendar-feed', role: 'agent' },
  { method: 'get', path: '/api/whatsapp/templates', role: 'agent' },
  { method: 'get', path: '/api/leads/{leadId}/whatsapp/messages', role: 'agent', leadScoped: true },
  { method: 'get', path: '/api/leads/{leadId}/whatsapp/reply', role: 'agent', leadScoped: true },
  // WhatsApp is not configured in the matrix: a permitted send gets as far as 503.
  { method: 'post', path: '/api/leads/{leadId}/whatsapp/messages', body: { text: 'Hello from the matrix' }, role: 'agent', leadScoped: true },
  { method: 'post', path: '/api/whatsapp/templates', body: { name: 'matrix_template_{n}', language: 'en', variables: [{ key: 'name', source: 'lead.name' }], body: 'Hi {{1}}' }, role: 'admin' },
  { method: 'patch', path: '/api/whatsapp/templates/{templateId}', body: { archived: true }, role: 'admin' },
  { method: 'post', path: '/api/auth/sign-out', role: 'agent', endsSession: true },
];

/**
 * Routes anyone may call, also in staff mode: the customer demo's voice settings, properties and chat, health,
 * signing in, asking who is signed in, the webhook (it has its own secret) and the
 * OpenAPI document with its UI. A route in neither list fails the access matrix.
 */
export const PUBLIC_ENDPOINTS = [
  'GET /api/health',
  // Readiness, for the load balancer's checks.
  'GET /api/health/ready',
  'GET /api/voice/config',
  'GET /api/auth/me',
  'POST /api/auth/sign-in',
  'POST /api/webhooks/vapi',
  'POST /api/callback-requests',
  // The customer page's chat with the agent (limited per address).
  'POST /api/chat/messages',
  'POST /api/chat/sessions/{}/end',
  // The customer page's property explorer.
  'GET /api/properties',
  // The lead platforms' webhooks and the inbound API check their own credentials: a signature, a key in the body, a source's API key.
  'GET /api/webhooks/meta',
  'POST /api/webhooks/meta',
  'POST /api/webhooks/google-ads',
  'POST /api/inbound/leads',
  'GET /api/webhooks/whatsapp',
  'POST /api/webhooks/whatsapp',
  // A member's calendar feed: the secret in its address is the credential (calendar apps have no session).
  'GET /api/calendar/feed/{}',
];
export const PUBLIC_PREFIXES = ['/api/docs'];
