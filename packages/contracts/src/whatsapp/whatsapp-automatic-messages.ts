import { z } from 'zod';
import { whatsappLanguageCodeSchema, whatsappTemplateNameSchema } from './whatsapp-template';

/** The messages WhatsApp sends by itself, each after its event, once the team turns it on. */
export const WHATSAPP_AUTOMATIC_MESSAGES = ['callbackMissed', 'visitConfirmation', 'visitReminder'] as const;
export type WhatsappAutomaticMessageKind = (typeof WHATSAPP_AUTOMATIC_MESSAGES)[number];

/** One automatic message: on or off, and the registered template (by Meta's name and language) it sends. */
const automaticMessage = z.strictObject({
  enabled: z.boolean('must be true or false'),
  template: whatsappTemplateNameSchema.nullable(),
  language: whatsappLanguageCodeSchema.default('en'),
});

/** The reminder's lead time: at least 5 minutes, at most a week before the visit. */
export const REMINDER_MINUTES = { min: 5, max: 7 * 24 * 60, default: 120 } as const;

/**
 * GET/PUT /api/settings/whatsapp-automatic: after an unanswered attempt of the agent's callback
 * cadence, after a booked site visit, and `minutesBefore` a visit. Off until an admin turns each on;
 * one that is on names its template.
 */
export const whatsappAutomaticMessagesSchema = z
  .strictObject({
    callbackMissed: automaticMessage,
    visitConfirmation: automaticMessage,
    visitReminder: automaticMessage.extend({
      minutesBefore: z
        .number('must be a number of minutes')
        .int('must be a whole number of minutes')
        .min(REMINDER_MINUTES.min, `must be at least ${REMINDER_MINUTES.min} minutes`)
        .max(REMINDER_MINUTES.max, `must be at most ${REMINDER_MINUTES.max} minutes (a week)`),
    }),
  })
  .superRefine((settings, context) => {
    for (const kind of WHATSAPP_AUTOMATIC_MESSAGES) {
      if (settings[kind].enabled && settings[kind].template === null) context.addIssue({ code: 'custom', path: [kind, 'template'], message: 'is required to turn it on: the name of a registered template' });
    }
  });
export type WhatsappAutomaticMessages = z.infer<typeof whatsappAutomaticMessagesSchema>;
export type WhatsappAutomaticMessagesInput = z.input<typeof whatsappAutomaticMessagesSchema>;

/** Every automatic message off until an admin turns it on. */
export const DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES: WhatsappAutomaticMessages = {
  callbackMissed: { enabled: false, template: null, language: 'en' },
  visitConfirmation: { enabled: false, template: null, language: 'en' },
  visitReminder: { enabled: false, template: null, language: 'en', minutesBefore: REMINDER_MINUTES.default },
};
