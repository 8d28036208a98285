import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../testing/apiStub';
import { ApiError, apiFetch, apiJson, setCsrfToken } from '../apiClient';

describe('apiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('sends the CSRF token on changes only', async () => {
    const requests = stubApi({ 'GET /api/leads': () => Response.json([]), 'POST /api/leads': () => Response.json({}, { status: 201 }) });
    setCsrfToken('token-1');
    await apiJson('/api/leads');
    await apiJson('/api/leads', { method: 'POST', body: { name: 'Kavya' } });
    expect(requests[0].headers.get('X-CSRF-Token')).toBeNull();
    expect(requests[1].headers.get('X-CSRF-Token')).toBe('token-1');
    expect(requests[1].headers.get('Content-Type')).toBe('application/json');
    expect(await requests[1].json()).toEqual({ name: 'Kavya' });
  });

  it('asks for JSON unless the caller asks for something else', async () => {
    const requests = stubApi({ 'GET /api/leads': () => Response.json([]), 'POST /api/chat/messages': () => new Response('') });
    await apiFetch('/api/leads');
    await apiFetch('/api/chat/messages', { method: 'POST', headers: { Accept: 'text/event-stream' } });
    expect(requests.map((request) => request.headers.get('Accept'))).toEqual(['application/json', 'text/event-stream']);
  });

  it("turns an error answer into an ApiError with the API's message and field errors", async () => {
    stubApi({
      'POST /api/leads': () =>
        Response.json({ statusCode: 400, message: 'Invalid email', errors: [{ field: 'email', message: 'must be a valid email address' }] }, { status: 400 }),
    });
    const error = await apiJson('/api/leads', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid email', fieldErrors: [{ field: 'email', message: 'must be a valid email address' }] });
  });

  it('keeps the status when the answer is not JSON (a proxy error page)', async () => {
    stubApi({ 'GET /api/leads': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiFetch('/api/leads')).rejects.toMatchObject({ status: 502, message: '502 Bad Gateway' });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/api/leads')).rejects.toMatchObject({ status: 0, message: 'The server could not be reached (Failed to fetch).' });
  });
});
