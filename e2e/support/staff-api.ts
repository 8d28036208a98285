import type { Page } from '@playwright/test';

/**
 * The real API as the signed-in member of a page's browser context uses it (its session
 * cookie and CSRF token), for what a test does besides the page: another tab, a colleague.
 */
export async function staffApi(page: Page, baseUrl: string) {
  const session = (await (await page.request.get(`${baseUrl}/api/auth/me`)).json()) as { csrfToken: string | null };
  const headers: Record<string, string> = session.csrfToken ? { 'X-CSRF-Token': session.csrfToken } : {};
  const send = async <T>(method: 'POST' | 'PATCH', path: string, data: unknown, expected: number): Promise<T> => {
    const response = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers });
    if (response.status() !== expected) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    post: <T>(path: string, data: unknown) => send<T>('POST', path, data, 201),
    patch: <T>(path: string, data: unknown) => send<T>('PATCH', path, data, 200),
    get: async <T>(path: string): Promise<T> => {
      const response = await page.request.get(`${baseUrl}${path}`);
      if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
