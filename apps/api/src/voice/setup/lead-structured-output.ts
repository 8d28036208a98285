import type { Vapi } from '@vapi-ai/server-sdk';
import { WHATSAPP_OPT_IN_QUESTION } from './whatsapp-opt-in-question';

/** The structured output Vapi fills in after every call: the lead, with the fields the webhook reads. */
export const LEAD_STRUCTURED_OUTPUT: Vapi.CreateStructuredOutputDto = {
  name: 'Lead Desk lead',
  type: 'ai',
  description:
    'The caller as a real-estate lead for an Indian property team: who they are, how to reach them, what they want to buy, ' +
    'and whether an adviser should follow up. Leave out anything the caller did not say; never invent a value.',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The caller's name as they gave it, e.g. 'Sanjay Kulkarni'. Leave out if they did not say." },
      email: { type: 'string', description: "The caller's email address as confirmed on the call, in lower case." },
      phone: {
        type: 'string',
        description: "A mobile or phone number the caller gave for a call back, with the country code when said (e.g. '+91 98765 43210'). Leave out if they only confirmed the number they called from.",
      },
      location: { type: 'string', description: "Where they want to buy: city and, if given, locality, e.g. 'Pune, Baner' or 'Gurgaon, Golf Course Road'." },
      interestedIn: {
        type: 'string',
        description: "The kind of property, e.g. '3 BHK Apartment', 'Villa', 'Independent House', 'Plot', 'Office Space', 'Retail Shop'.",
      },
      budget: {
        type: 'string',
        description: "The budget as the caller said it, in Indian units, e.g. '95 Lakh', '1.2 Crore' or '80 Lakh to 1 Crore'. Leave out if they gave none.",
      },
      timeline: { type: 'string', description: "When they plan to buy, e.g. 'immediately', '3 months', '6 months', 'within a year' or 'just exploring'." },
      loan_needed: { type: 'boolean', description: 'true if they will need a home loan, false if they will not (paying themselves or already pre-approved). Leave out if not discussed.' },
      qualified: {
        type: 'boolean',
        description:
          'true when the caller is a genuine buyer worth an adviser’s call back: they shared a way to reach them and at least a location or property type, and a budget or timeline. ' +
          'false when they are not buying (wrong number, job seeker, broker, spam) or refused to share any of it. Leave out if the call ended before this could be judged.',
      },
      consentToContact: {
        type: 'boolean',
        description:
          'true only when the caller clearly agreed, in their own words, to be called back by the property team about properties (e.g. "yes, you can call me", "haan, call kar dena"). ' +
          'false when they said they do not want to be called or took back an earlier yes. Leave out if it was not discussed; never infer it from interest alone.',
      },
      doNotCall: {
        type: 'boolean',
        description:
          'true when the caller asked not to be called again, to be removed from the list, or to stop calling (e.g. "don\'t call me again", "mujhe call mat karna"). Leave out otherwise.',
      },
      whatsappOptIn: {
        type: 'boolean',
        description:
          `The caller's answer to the agent's question "${WHATSAPP_OPT_IN_QUESTION}": true only when they clearly said yes in their own words (e.g. "yes, send it on WhatsApp", "haan, WhatsApp kar dena"). ` +
          'false when they said no to WhatsApp messages or took back an earlier yes. Leave out if the question was not asked or not answered; never infer it from a yes to a call.',
      },
    },
  },
};
