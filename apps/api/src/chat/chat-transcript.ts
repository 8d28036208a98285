import type { ActivityData } from '@lead-desk/contracts';
import type { VapiSession } from './vapi-session';

/** One turn of a chat as the timeline shows it: who said it (the visitor or the agent), what, and when if known. */
export type ChatTurn = ActivityData<'chat'>['messages'][number];

const ROLES: Record<string, ChatTurn['role'] | undefined> = { user: 'visitor', assistant: 'agent', bot: 'agent' };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Who said what in a chat, in order: the artifact's messages (UserMessage `{ role: "user",
 * message, time }`, BotMessage `{ role: "bot", … }`) once the session is completed, else the
 * session's own messages (AssistantMessage `{ role: "assistant", content }`). System, tool and
 * developer messages, and empty ones, are not the conversation and are left out.
 */
export function chatTurnsOf(session: VapiSession): ChatTurn[] {
  const fromArtifact = turnsOf(session.artifact?.messages ?? []);
  return fromArtifact.length > 0 ? fromArtifact : turnsOf(session.messages ?? []);
}

function turnsOf(messages: unknown[]): ChatTurn[] {
  return messages.flatMap((message) => {
    if (!isObject(message)) return [];
    const role = ROLES[String(message.role)];
    const text = textOf(message.message) ?? textOf(message.content);
    if (!role || !text) return [];
    return [{ role, text, at: timeOf(message.time) }];
  });
}

/** A message's words: text, or the text parts of a content array (OpenAI's format). PostgreSQL cannot store NUL. */
function textOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.flatMap((part) => (isObject(part) && typeof part.text === 'string' ? [part.text] : [])).join('') : undefined;
  const kept = text?.replaceAll('\u0000', '').trim();
  return kept ? kept : undefined;
}

function timeOf(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
