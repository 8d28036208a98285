import { describe, expect, it } from 'vitest';
import { dailyStatsQuerySchema } from './daily-lead-count';
import { listLeadsQuerySchema } from './list-leads-query';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the leads queries', () => {
  it('reads a query string: all leads, 100 a page, unless told otherwise', () => {
    expect(listLeadsQuerySchema.parse({})).toEqual({ status: 'all', archived: false, limit: 100 });
    expect(listLeadsQuerySchema.parse({ status: 'qualified', q: '  Pune ', limit: '50' })).toEqual({ status: 'qualified', q: 'Pune', archived: false, limit: 50 });
  });

  it('reads the pipeline filters: a stage, an owner, tags (any case, one or repeated), archived', () => {
    expect(listLeadsQuerySchema.parse({ stage: 'stage-new', owner: 'me', tag: ' VIP ', archived: 'true' })).toEqual({
      status: 'all',
      stage: 'stage-new',
      owner: 'me',
      tag: ['vip'],
      archived: true,
      limit: 100,
    });
    expect(listLeadsQuerySchema.parse({ tag: ['Hot', 'hot', 'Pune'] }).tag).toEqual(['hot', 'pune']);
    expect(messages(listLeadsQuerySchema.safeParse({ owner: 'not an id!' }))).toEqual(['owner: must be 1 to 64 letters, digits, "-" or "_"']);
    expect(messages(listLeadsQuerySchema.safeParse({ archived: 'yes' }))).toEqual(['archived: must be true or false']);
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
