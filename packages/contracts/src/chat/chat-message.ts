import { z } from 'zod';
import { text } from '../common/text';

/**
 * The longest message a visitor may send in the chat (issue 25): what Vapi takes as a chat's
 * `input`, the page counts down near it and the API refuses longer ones (400 naming `text`).
 */
export const CHAT_MESSAGE_MAX_CHARACTERS = 2000;

/**
 * POST /api/chat/messages's body (public, rate-limited per visitor across API processes): the
 * visitor's message, and the session it continues (none for a new chat). The answer is a stream
 * of Server-Sent Events, each one a ChatStreamEvent.
 */
export const chatMessageSchema = z.strictObject({
  sessionId: z.string().min(1, 'is required').max(200, 'must be at most 200 characters').nullish(),
  text: text(CHAT_MESSAGE_MAX_CHARACTERS).pipe(z.string().trim().min(1, 'is required')),
});
export type ChatMessage = z.input<typeof chatMessageSchema>;

/**
 * The events of a chat answer's stream, in order: `session` first (the session the browser keeps
 * until `expiresAt`), then `delta`s (the agent's words as they come), then `done`; or `error` at
 * any point, its message in words for the visitor (the message may be sent again).
 */
export type ChatStreamEvent =
  | { event: 'session'; data: { sessionId: string; expiresAt: string } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: Record<string, never> }
  | { event: 'error'; data: { message: string } };
