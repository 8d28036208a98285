import type { Request, Response } from 'express';

/** Points the answer's `Link: <…>; rel="next"` at this same request with the next page's cursor. */
export function setNextPageLink(request: Request, response: Response, nextCursor: string | null): void {
  if (!nextCursor) return;
  const next = new URL(request.originalUrl, 'http://placeholder');
  next.searchParams.set('cursor', nextCursor);
  response.setHeader('Link', `<${next.pathname}${next.search}>; rel="next"`);
}
