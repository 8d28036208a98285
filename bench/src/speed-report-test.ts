/** The speed-to-lead report (issue 23) as the dashboard's panel asks for it: the last 30 days and a whole year, in UTC. */
export function speedToLeadPaths(now: Date): Record<string, string> {
  const day = (daysBack: number) => new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
  const path = (daysBack: number) => `/api/reports/speed-to-lead?from=${day(daysBack)}&to=${day(0)}&tz=UTC`;
  return { '30 days': path(29), 'a year': path(364) };
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

/** One request alone, before any load: what the first viewer of a period waits (nothing cached, nothing warm). */
export async function firstRequestMs(url: string, headers: Record<string, string>): Promise<{ ms: number; leads: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { overall?: { leads: number } };
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, leads: body.overall!.leads };
}
