import type { InboundLead } from '../../leads/intake/inbound-lead';
import { GOOGLE_ADS_SOURCE } from '../lead-ad-channels';
import type { GoogleAdsLead } from './google-ads-lead';

type ContactField = 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'location';

/** The form's contact columns, by the column_id Google gives every field. */
const CONTACT_COLUMNS = new Map<string, ContactField>([
  ['FULL_NAME', 'name'],
  ['FIRST_NAME', 'firstName'],
  ['LAST_NAME', 'lastName'],
  ['EMAIL', 'email'],
  ['PHONE_NUMBER', 'phone'],
  ['CITY', 'location'],
]);

/** Second contacts, kept as details only when the person gave no first one. */
const FALLBACK_COLUMNS = new Map<string, ContactField>([
  ['WORK_EMAIL', 'email'],
  ['WORK_PHONE', 'phone'],
]);

/** A column's label for a detail: its name as the form showed it, else its id in words (`POSTAL_CODE` → "Postal code"). */
function columnLabel(column: { column_id?: string | null; column_name?: string | null }): string {
  if (column.column_name?.trim()) return column.column_name.trim();
  const id = (column.column_id ?? 'Answer').toLowerCase().replaceAll('_', ' ');
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/**
 * A Google Ads lead as the intake takes it: FULL_NAME (or FIRST_NAME and LAST_NAME), EMAIL,
 * PHONE_NUMBER and CITY are the lead's, WORK_EMAIL and WORK_PHONE stand in for a missing
 * email or phone; every other column (a postal code, a custom question) a detail under the
 * form's own wording; the lead id, campaign, form and click kept as details; `is_test` a test
 * lead (never called); `lead_submit_time` its arrival.
 */
export function inboundLeadFromGoogle(lead: GoogleAdsLead): InboundLead {
  const contact: Partial<Record<ContactField, string>> = {};
  const fallback: Partial<Record<ContactField, string>> = {};
  const details: Record<string, string> = { 'Google lead id': lead.lead_id };
  for (const column of lead.user_column_data) {
    const value = column.string_value?.trim();
    if (!value) continue;
    const id = column.column_id?.trim().toUpperCase() ?? '';
    const field = CONTACT_COLUMNS.get(id);
    if (field) contact[field] ??= value;
    else if (FALLBACK_COLUMNS.has(id)) fallback[FALLBACK_COLUMNS.get(id)!] ??= value;
    else details[columnLabel(column)] = value;
  }
  if (lead.campaign_id) details.Campaign = lead.campaign_id;
  if (lead.form_id) details.Form = lead.form_id;
  if (lead.gcl_id) details['Google click id'] = lead.gcl_id;

  const name = contact.name ?? ([contact.firstName, contact.lastName].filter(Boolean).join(' ') || undefined);
  const entries = { name, email: contact.email ?? fallback.email, phone: contact.phone ?? fallback.phone, location: contact.location };
  const submitted = lead.lead_submit_time ? new Date(lead.lead_submit_time) : undefined;
  return {
    fields: Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)),
    source: GOOGLE_ADS_SOURCE.name,
    sourceId: GOOGLE_ADS_SOURCE.id,
    ...(submitted && !Number.isNaN(submitted.getTime()) ? { arrivedAt: submitted } : {}),
    ...(lead.is_test ? { test: true } : {}),
    details,
  };
}
