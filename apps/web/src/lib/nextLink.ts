/** `<url>; rel="next"` → url (RFC 8288, as the API writes it). */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part);
    if (match) return match[1];
  }
  return null;
}
