import { loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it.each([
    ['/api/leads', '/api/leads'],
    ['/api/leads?q=aarav.sharma%40example.in&limit=50', '/api/leads?q=[redacted]&limit=[redacted]'],
    ['/api/leads/export.csv?q=9876543210', '/api/leads/export.csv?q=[redacted]'],
    ['/api/leads?tag[]=VIP&createdFrom=2026-11-01', '/api/leads?tag[]=[redacted]&createdFrom=[redacted]'],
    // A bare value, or a "name" that is someone's data, is hidden whole.
    ['/api/leads?9876543210', '/api/leads?[redacted]'],
    ['/api/leads?aarav%40example.in=1&&q=', '/api/leads?[redacted]&q=[redacted]'],
    ['/api/leads?', '/api/leads?'],
    // A calendar feed's address is its credential.
    ['/api/calendar/feed/Zx3_secret-part.ics', '/api/calendar/feed/[redacted]'],
    ['/api/calendar/feed/Zx3_secret-part.ics?x=1', '/api/calendar/feed/[redacted]?x=[redacted]'],
    ['/api/calendar?from=2026-11-23', '/api/calendar?from=[redacted]'],
  ])('logs %s as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
