import type { ExamplesObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * How a portal's push maps onto the inbound API, for the OpenAPI document. These are
 * examples with invented field names, not the portals' real formats: a connector renames
 * the portal's fields to any of the names an import understands (name, full_name, mobile,
 * email_id, city, project_name, budget, remarks, created_on…) and sends one lead per request.
 */
const PORTAL_STYLE = {
  '99acres': {
    externalId: '99A-58213007',
    full_name: 'Aarav Sharma',
    mobile: '+91 98450 12345',
    email_id: 'aarav.sharma@example.in',
    city: 'Pune',
    project_name: 'Skyline Heights 2BHK',
    budget: '85 Lakh',
    remarks: 'Wants a site visit on Saturday',
    created_on: '2026-11-28T10:15:00+05:30',
  },
  MagicBricks: {
    externalId: 'MB-4411902',
    first_name: 'Priya',
    last_name: 'Nair',
    contact_number: '9876543210',
    email: 'priya.nair@example.in',
    locality: 'Whitefield, Bengaluru',
    property_type: '3BHK apartment',
    budget_inr: 12500000,
    created_at: '2026-11-28T04:50:12Z',
  },
  'Housing.com': {
    externalId: 'HSG-20261128-0091',
    name: 'Rohan Mehta',
    phone: '022 2345 6789',
    preferred_location: 'Andheri West, Mumbai',
    looking_for: 'Office space',
    timeline: 'Within 3 months',
    loan_needed: true,
    enquiry_date: '28/11/2026 09:40',
  },
};

/** The curl line of one example: the key goes in the Authorization header. */
function curl(body: object): string {
  return `curl -X POST https://leads.example.com/api/inbound/leads -H 'Authorization: Bearer ldk_…' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
}

export const INBOUND_LEAD_EXAMPLES: ExamplesObject = Object.fromEntries(
  Object.entries(PORTAL_STYLE).map(([portal, body]) => [
    portal,
    { summary: `A ${portal}-style lead (an example: invented field names)`, description: `\`${curl(body)}\``, value: body },
  ]),
);

export const INBOUND_LEAD_DESCRIPTION = [
  'One lead from a lead source, authorised by one of its API keys (`Authorization: Bearer <key>`), checked before the body is read:',
  'a missing, unknown or revoked key, or a key of a removed source, is a 401 naming the problem.',
  'The body is JSON (at most 64 KiB): the lead’s fields under any name an import understands (`name`, `full_name`, `first_name` + `last_name`, `phone`, `mobile`, `email`, `email_id`, `city`, `locality`,',
  '`interestedIn`, `project_name`, `budget`, `budget_inr`, `timeline`, `loan_needed`), the source’s own creation time (`createdAt`, `created_on`, `enquiry_date`…: ISO 8601 with an offset, or a day-first date in APP_TIME_ZONE),',
  'an optional `externalId` (the source’s own id: a repeat answers the same lead with 200 instead of 201, never a second lead), `test: true` for a lead that is stored but never called,',
  'and anything else (remarks, unknown keys), which is kept on the lead’s timeline. A bad field is a 400 naming the body’s key. The lead’s `source` is the lead source’s name.',
  'The examples below are portal-style payloads with invented field names, not the portals’ own formats.',
].join(' ');
