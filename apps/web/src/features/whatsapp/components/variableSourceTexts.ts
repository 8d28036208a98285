import type { WhatsappVariableSource } from '@lead-desk/contracts';

/** Where a template's variable is filled from, in the admin's words. */
export const VARIABLE_SOURCE_TEXT: Record<WhatsappVariableSource, string> = {
  'lead.name': 'Lead’s name',
  'lead.location': 'Lead’s location',
  'lead.interestedIn': 'What the lead is interested in',
  'owner.name': 'Lead owner’s name',
  'visit.time': 'Site visit’s time',
  'property.name': 'Visited property’s name',
  'property.address': 'Visit’s meeting point',
  'property.mapLink': 'Map link to the meeting point',
  custom: 'Given with each send',
};

/** A body's placeholder for the variable at `index`, as WhatsApp Manager writes it. */
export const placeholder = (index: number) => `{{${index + 1}}}`;
