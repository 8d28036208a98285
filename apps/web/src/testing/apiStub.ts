import { vi } from 'vitest';

type RouteHandler = (request: Request) => Response | Promise<Response>;

/**
 * Answers the page's fetch calls as the API would, by "METHOD /path"; a request no
 * route expects fails the test with a 404 naming it. Returns the requests made.
 */
export function stubApi(routes: Record<string, RouteHandler>): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), 'http://localhost'), init);
      requests.push(request.clone());
      const route = `${request.method} ${new URL(request.url).pathname}`;
      const handler = routes[route];
      if (!handler) return Response.json({ statusCode: 404, message: `The test expects no ${route}` }, { status: 404 });
      return handler(request);
    }),
  );
  return requests;
}

/** A page of leads as GET /api/leads sends it: the records, their total and the next page's link. */
export function leadPage(leads: unknown[], total = leads.length, next?: string): Response {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (next) headers.Link = `<${next}>; rel="next"`;
  return Response.json(leads, { headers });
}
