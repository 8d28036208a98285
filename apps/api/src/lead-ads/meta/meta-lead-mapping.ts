import type { InboundLead } from '../../leads/intake/inbound-lead';
import { answerInWords, questionInWords } from '../../leads/csv/meta-slugs';
import { FACEBOOK_ADS_SOURCE, INSTAGRAM_ADS_SOURCE, type LeadAdSource } from '../lead-ad-channels';
import type { MetaGraphLead } from './meta-graph-lead';
import type { MetaLeadgen } from './meta-leadgen-notification';

/** The contact fields Meta fills in from the person's profile, read as the import reads Meta's export. */
const CONTACT_FIELDS = new Map<string, 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'location'>([
  ['full_name', 'name'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['email', 'email'],
  ['phone_number', 'phone'],
  ['city', 'location'],
]);

/** Where the person saw the ad: `ig` Instagram, anything else Facebook (Meta's lead forms began there). */
export function metaLeadSource(platform: string | null | undefined): LeadAdSource {
  return platform?.trim().toLowerCase() === 'ig' ? INSTAGRAM_ADS_SOURCE : FACEBOOK_ADS_SOURCE;
}

/** Meta's export marks a phone with `p:`; kept off wherever it appears. */
const withoutPhonePrefix = (text: string) => (text.startsWith('p:') ? text.slice(2).trim() : text);

/**
 * A lead read from the Graph API as the intake takes it: full_name (or first_name and
 * last_name), email, phone_number and city are the lead's; every other question a detail,
 * the question and the options picked in words ("What is your budget?": "50 Lakh - 1 Cr");
 * its source by `platform`; `created_time` its arrival (the notification's if the Graph
 * gives none); the Meta lead id, campaign, form and ad kept as details.
 */
export function inboundLeadFromMeta(lead: MetaGraphLead, notified: MetaLeadgen): InboundLead {
  const contact: Partial<Record<'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'location', string>> = {};
  const details: Record<string, string> = { 'Meta lead id': lead.id };
  for (const { name, values } of lead.field_data) {
    const answers = (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
    if (answers.length === 0) continue;
    const field = CONTACT_FIELDS.get(name);
    if (field) contact[field] = field === 'phone' ? withoutPhonePrefix(answers[0]) : answers[0];
    else details[questionInWords(name)] = answers.map((answer) => answerInWords(withoutPhonePrefix(answer))).join(', ');
  }
  const campaign = lead.campaign_id ?? undefined;
  const form = lead.form_id ?? notified.form_id;
  const ad = lead.ad_id ?? notified.ad_id;
  if (campaign) details.Campaign = campaign;
  if (form) details.Form = form;
  if (ad) details.Ad = ad;
  if (lead.is_organic) details.Organic = 'yes';

  const name = contact.name ?? ([contact.firstName, contact.lastName].filter(Boolean).join(' ') || undefined);
  const fields = Object.fromEntries(Object.entries({ name, email: contact.email, phone: contact.phone, location: contact.location }).filter(([, value]) => value !== undefined));
  const source = metaLeadSource(lead.platform);
  return {
    fields,
    source: source.name,
    sourceId: source.id,
    arrivedAt: arrivalOf(lead, notified),
    details,
  };
}

function arrivalOf(lead: MetaGraphLead, notified: MetaLeadgen): Date | undefined {
  const created = lead.created_time ? new Date(lead.created_time) : undefined;
  if (created && !Number.isNaN(created.getTime())) return created;
  return notified.created_time !== undefined ? new Date(notified.created_time * 1000) : undefined;
}
