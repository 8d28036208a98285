import { plainText } from '@lead-desk/contracts';
import { z } from 'zod';
import { customer, jsonObject, lenient, optionalText } from '../voice/webhooks/vapi-message';

// The parts of Vapi's Session (GET /session/{id}, and ServerMessageSessionUpdated's `session`)
// that a chat's result is read from. As for the call reports, only the id is required: an
// optional part that is missing or oddly shaped is ignored rather than losing the rest.

export const vapiSessionSchema = z.looseObject({
  id: plainText('is required').min(1, 'is required').max(200, 'must be at most 200 characters'),
  /** active or completed: a session's artifact exists only once it is completed. */
  status: optionalText,
  createdAt: optionalText,
  expirationSeconds: lenient(z.number()),
  customer,
  // The conversation as chat messages (SystemMessage, UserMessage, AssistantMessage…).
  messages: lenient(z.array(z.unknown())),
  artifact: lenient(
    z.looseObject({
      // Keyed by the output's id, each `{ name, result }` (Artifact.structuredOutputs), as in a call's.
      structuredOutputs: jsonObject,
      // What was said, turn by turn (UserMessage with role "user", BotMessage with role "bot").
      messages: lenient(z.array(z.unknown())),
      transcript: optionalText,
    }),
  ),
});
export type VapiSession = z.output<typeof vapiSessionSchema>;

/** ServerMessageSessionUpdated: `session.updated`, sent for an assistant that lists it in `serverMessages`. */
export const sessionUpdatedSchema = z.looseObject({
  type: z.literal('session.updated'),
  session: vapiSessionSchema,
  customer,
});
export type SessionUpdated = z.output<typeof sessionUpdatedSchema>;

export const SESSION_UPDATED = 'session.updated';

/** Whether a session is over at Vapi: its artifact (structured outputs, the whole conversation) exists from then on. */
export function isCompleted(session: VapiSession): boolean {
  return session.status === 'completed';
}
