import autocannon from 'autocannon';
import { presetPeriod } from '../../packages/contracts/src/reports/speed-to-lead-periods';
import { toLoadResult, type LoadResult } from './load-test';

/** The API's APP_TIME_ZONE (its default) and the panel's, for a team in India: the zone its periods are kept ready in. */
const PANEL_ZONE = 'Asia/Kolkata';

const reportPath = (period: { from: string; to: string; tz: string }) => `/api/reports/speed-to-lead?${new URLSearchParams(period)}`;

/**
 * The periods measured. `path` is what the panel asks: its "Last 30 days" preset (which the API
 * keeps ready, SpeedReportWarmer), or a year chosen by hand. `coldPath` is the same days in UTC,
 * a period nobody asked for before: its first request waits for the whole aggregation.
 * `underListLoad`: the year's days in yet another zone, aggregated for the first time while the
 * list is loaded (what the API's other requests meet meanwhile).
 */
export function speedToLeadPaths(now: Date): Record<string, { path: string; coldPath: string; underListLoad?: string }> {
  const last30 = presetPeriod('last30', now, PANEL_ZONE);
  const utcDay = (daysBack: number) => new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
  const year = { from: utcDay(364), to: utcDay(0), tz: 'UTC' };
  return {
    '30 days': { path: reportPath(last30), coldPath: reportPath({ ...last30, tz: 'UTC' }) },
    'a year': { path: reportPath(year), coldPath: reportPath(year), underListLoad: reportPath({ ...year, tz: PANEL_ZONE }) },
  };
}

/** Staff opening the panel at the same moment: a team's worth, as a lead's timeline is measured. */
export const SPEED_TO_LEAD_READERS = 4;

/** The scenarios measured, as BENCHMARKS.md names them: [period, viewer]. */
export const SPEED_TO_LEAD_SCENARIOS: [period: string, viewer: 'admin' | 'agent'][] = [
  ['30 days', 'admin'],
  ['30 days', 'agent'],
  ['a year', 'admin'],
];
export const speedToLeadScenario = (period: string, viewer: string) => `speed to lead, ${period}, ${viewer}`;

/** The list's first page, loaded while a year's report is aggregated: the request every member of staff makes most. */
export const LIST_FIRST_PAGE = '/api/leads?limit=50';

/**
 * One request alone, before any load. `kept`: the answer was aggregated before the request was
 * sent (its computedAt), so the request waited for no aggregation.
 */
export async function firstRequest(url: string, headers: Record<string, string>): Promise<{ ms: number; leads: number; kept: boolean }> {
  const sentAt = Date.now();
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { overall?: { leads: number }; computedAt?: string };
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, leads: body.overall!.leads, kept: Date.parse(body.computedAt!) < sentAt };
}

/**
 * A load of `connections` clients on `url` for exactly as long as `work` runs (a report's first
 * aggregation): what every other request of the API meets meanwhile.
 */
export async function loadWhile<T>(url: string, connections: number, headers: Record<string, string>, work: () => Promise<T>): Promise<{ result: T; load: LoadResult; seconds: number }> {
  const started = performance.now();
  let load!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    load = autocannon({ url, connections, duration: 3_600, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    load.stop();
    return { result, load: toLoadResult(await finished), seconds };
  } catch (error) {
    load.stop();
    throw error;
  }
}
