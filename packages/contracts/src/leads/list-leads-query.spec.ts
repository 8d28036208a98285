import { describe, expect, it } from 'vitest';
import { dailyStatsQuerySchema } from './daily-lead-count';
import { listLeadsQuerySchema } from './list-leads-query';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the leads queries', () => {
  it('reads a query string: all leads, 100 a page, unless told otherwise', () => {
    expect(listLeadsQuerySchema.parse({})).toEqual({ status: 'all', limit: 100 });
    expect(listLeadsQuerySchema.parse({ status: 'qualified', q: '  Pune ', limit: '50' })).toEqual({ status: 'qualified', q: 'Pune', limit: 50 });
  });

  it('names a wrong filter or page size', () => {
    expect(messages(listLeadsQuerySchema.safeParse({ status: 'won' }))).toEqual(['status: must be all, qualified or unqualified']);
    expect(messages(listLeadsQuerySchema.safeParse({ limit: '2.5' }))).toEqual(['limit: must be a whole number']);
    expect(messages(listLeadsQuerySchema.safeParse({ limit: 'many' }))).toEqual(['limit: must be a number']);
    expect(messages(listLeadsQuerySchema.safeParse({ limit: '0' }))).toEqual(['limit: must be at least 1']);
    expect(messages(listLeadsQuerySchema.safeParse({ limit: '1001' }))).toEqual(['limit: must be at most 1000']);
  });

  it('counts 30 days by default, at least 1 and at most 366, in a time zone it knows', () => {
    expect(dailyStatsQuerySchema.parse({ tz: 'Asia/Kolkata' })).toEqual({ tz: 'Asia/Kolkata', days: 30 });
    expect(messages(dailyStatsQuerySchema.safeParse({ days: '0' }))).toEqual(['days: must be at least 1']);
    expect(messages(dailyStatsQuerySchema.safeParse({ days: '367' }))).toEqual(['days: must be at most 366']);
    expect(messages(dailyStatsQuerySchema.safeParse({ tz: 'Mars/Olympus' }))).toEqual(['tz: must be an IANA time zone such as Asia/Kolkata']);
  });
});
