import type { WhatsappTemplateVariable, WhatsappVariableSource } from '@lead-desk/contracts';
import type { FieldError } from '../../common/field-errors';
import { taskTimeText } from '../../tasks/task-timeline-text';

/** What a template's variables are filled from: the lead, its owner and its next site visit. */
export interface TemplateContext {
  lead: { name: string; phone: string | null; location: string | null; interestedIn: string | null };
  owner: { name: string } | null;
  /** The lead's next open site visit, and where it meets. */
  visit: { at: Date; property: { name: string; siteVisitAddress: string } | null } | null;
  timeZone: string;
  now: Date;
}

/** A map of the address: Google Maps' documented search URL, which every phone opens. */
export function mapLinkOf(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Each source's value, or why there is none. */
function valueOf(source: WhatsappVariableSource, context: TemplateContext): string | { missing: string } {
  const property = context.visit?.property ?? null;
  switch (source) {
    case 'lead.name':
      return context.lead.name;
    case 'lead.location':
      return context.lead.location ?? { missing: 'the lead has no location' };
    case 'lead.interestedIn':
      return context.lead.interestedIn ?? { missing: 'the lead has no "interested in"' };
    case 'owner.name':
      return context.owner?.name ?? { missing: 'the lead has no owner' };
    case 'visit.time':
      return context.visit ? taskTimeText(context.visit.at, context) : { missing: 'the lead has no site visit booked' };
    case 'property.name':
      return property?.name ?? { missing: 'the lead has no site visit booked at a property' };
    case 'property.address':
      return property?.siteVisitAddress ?? { missing: 'the lead has no site visit booked at a property' };
    case 'property.mapLink':
      return property ? mapLinkOf(property.siteVisitAddress) : { missing: 'the lead has no site visit booked at a property' };
    case 'custom':
      return { missing: 'it is a custom value: give it with the send' };
  }
}

/**
 * A template's parameter values in the body's order: each variable from its source, unless the
 * send gives it by key (a custom value, or a correction); a variable with no value, or a key the
 * template does not have, is a 400 naming `variables.<key>`.
 */
export function templateValues(variables: WhatsappTemplateVariable[], context: TemplateContext, given: Record<string, string>): { ok: true; values: string[] } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = Object.keys(given)
    .filter((key) => !variables.some((variable) => variable.key === key))
    .map((key) => ({ field: `variables.${key}`, message: `is not a variable of this template (${variables.map((variable) => variable.key).join(', ') || 'it has none'})` }));
  const values = variables.map(({ key, source }) => {
    const value = given[key]?.trim() || valueOf(source, context);
    if (typeof value === 'string') return value;
    errors.push({ field: `variables.${key}`, message: `is required: ${value.missing}` });
    return '';
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** The body as the person reads it, {{n}} replaced by the nth value; without a body, the template's name and its values. */
export function filledTemplate(template: { name: string; body: string | null }, values: string[]): string {
  if (!template.body) return [template.name, ...values].join(' · ');
  return template.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (placeholder, number: string) => values[Number(number) - 1] ?? placeholder);
}
