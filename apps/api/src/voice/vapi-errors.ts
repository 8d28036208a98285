import type { ServerSdk } from './vapi-server-api';

/**
 * SDK 2.0.1 reports its own timeout as a plain VapiError whose cause is "timeout"
 * (the abort reason) rather than as VapiTimeoutError; both mean the platform did not answer.
 */
export function isTimeout(error: unknown, VapiError: ServerSdk['VapiError'], VapiTimeoutError: ServerSdk['VapiTimeoutError']): boolean {
  if (error instanceof VapiTimeoutError) return true;
  return error instanceof VapiError && error.statusCode === undefined && error.cause === 'timeout';
}

/** The message of Vapi's error body (a list of problems joined), if it has one. */
export function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : undefined;
}
