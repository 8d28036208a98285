import type { CallFailure } from './callMachine';

// The SDK wraps failures in several layers (its error event, a serialised Error, the API's JSON body, a fetch
// Response), so the meaningful fields are collected from every layer rather than read from one known shape.
const MEANINGFUL_KEYS = ['message', 'error', 'errorMsg', 'msg', 'name', 'type', 'code', 'status', 'statusCode', 'statusText', 'reason', 'details', 'errorDetail', 'cause'];
const MAX_DEPTH = 5;

const UNAUTHORIZED = /\b401\b|unauthori[sz]ed/i;
const MICROPHONE_DENIED = /NotAllowedError|permission denied|permission dismissed|^permissions$/i;
const ASSISTANT_MISSING = 'Assistant or Squad or Workflow must be provided';

/** SDK error types it reports while the call carries on (audio processing, observers, autoplay). */
const NON_FATAL_ERROR_TYPES = new Set([
  'audio-observer-setup-error',
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'video-recording-setup-error',
  'audio-start-failed',
]);

export function classifyVoiceFailure(error: unknown, fallback: CallFailure): CallFailure {
  const texts = collectTexts(error, 0);
  if (texts.some((text) => UNAUTHORIZED.test(text))) return 'unauthorized';
  if (texts.some((text) => MICROPHONE_DENIED.test(text))) return 'microphone-blocked';
  if (texts.some((text) => text.includes(ASSISTANT_MISSING))) return 'assistant-missing';
  return fallback;
}

export function isFatalVoiceError(error: unknown): boolean {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  return !(typeof type === 'string' && NON_FATAL_ERROR_TYPES.has(type));
}

function collectTexts(value: unknown, depth: number): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return [];
  // Keys are read, not enumerated: Error and Response keep message and status on their prototypes.
  return MEANINGFUL_KEYS.flatMap((key) => collectTexts((value as Record<string, unknown>)[key], depth + 1));
}
