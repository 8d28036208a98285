// Every call to our API goes through here: JSON in and out, errors as ApiError, and the
// session's CSRF token on changes (the API refuses cookie-authenticated changes without it).
import type { ErrorBody, FieldError } from '@lead-desk/contracts';

/** An answer other than 2xx, or no answer at all (status 0), with the API's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** The answer's body as sent, for what an error says besides its message (a 409's `existingLeadId`). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let csrfToken: string | null = null;

/** Set from GET /api/auth/me and the sign-in answer; null in open mode and after sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Headers a state-changing request needs besides its body's, for requests not sent through apiFetch. */
export function changeHeaders(): Record<string, string> {
  return csrfToken ? { [CSRF_HEADER]: csrfToken } : {};
}

/** fetch for our API: throws ApiError for non-2xx answers and network failures. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  // JSON unless the caller asks for something else (a stream of events).
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!SAFE_METHODS.has(method)) for (const [name, value] of Object.entries(changeHeaders())) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(path, { ...init, method, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, `The server could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  return response;
}

/** apiFetch for a JSON answer; a body is sent as JSON. */
export async function apiJson<T>(path: string, init: Omit<RequestInit, 'body'> & { body?: unknown } = {}): Promise<T> {
  const { body, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await apiFetch(path, { ...rest, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Reads the API's error body; anything else (a proxy's page, no body) keeps its status text. */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const { message, errors } = (typeof body === 'object' && body !== null ? body : {}) as { [Key in keyof ErrorBody]?: unknown };
  const text = typeof message === 'string' ? message : Array.isArray(message) ? message.join('; ') : `${status} ${statusText}`.trim();
  return new ApiError(status, text, Array.isArray(errors) ? (errors as FieldError[]) : [], body);
}

async function apiErrorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return apiErrorFromBody(response.status, response.statusText, body);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
