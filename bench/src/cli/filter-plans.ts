// `pnpm --filter @lead-desk/bench plans <DATABASE_URL> [out.md]`: the query plan of the
// list's page and of its count for every combination of the list's filters, with values of
// a small and of the largest share of the leads, on a database filled by `fill`, through the
// API's own repository (the SQL it sends, only explained instead of run). Fails when any plan
// reads the leads table without an index.
import { writeFileSync } from 'node:fs';
import { loadAppConfig } from '../../../apps/api/src/config/app-config';
import { Database } from '../../../apps/api/src/database/database';
import { parseDatabaseUrl } from '../../../apps/api/src/database/database-url';
import { sql, type Sql } from '../../../apps/api/src/database/sql';
import { EVERY_LEAD } from '../../../apps/api/src/leads/access/lead-access';
import type { ResolvedLeadFilter } from '../../../apps/api/src/leads/lead-list-filter';
import { LeadsRepository } from '../../../apps/api/src/leads/leads.repository';
import { LeadSourcesRepository } from '../../../apps/api/src/leads/sources/lead-sources.repository';
import { LeadResponseTimesRepository } from '../../../apps/api/src/leads/response-times/lead-response-times.repository';
import { BENCH_AGENTS } from '../lead-generator';

const DAY = 86_400_000;

type Apply = (filter: ResolvedLeadFilter) => void;
type Share = 'small' | 'largest';

/**
 * Each filter of the list with two values the generated data holds: one matching a small share
 * of the leads (a rare tag, a stage of 5%, a week), and the one matching the largest share (the
 * stage of 40%, the source of half the leads, a common tag, the older half of the year), where
 * a planner is likeliest to prefer reading the whole table.
 */
const DIMENSIONS: { name: string; small: Apply; largest: Apply }[] = [
  { name: 'status', small: (filter) => (filter.status = 'qualified'), largest: (filter) => (filter.status = 'unqualified') },
  { name: 'q', small: (filter) => (filter.q = 'pune'), largest: (filter) => (filter.q = 'sharma') },
  { name: 'stage', small: (filter) => (filter.stage = 'stage-negotiation'), largest: (filter) => (filter.stage = 'stage-new') },
  { name: 'owner', small: (filter) => (filter.owner = BENCH_AGENTS[0].id), largest: (filter) => (filter.owner = 'none') },
  { name: 'tag', small: (filter) => (filter.tag = ['nri']), largest: (filter) => (filter.tag = ['hot']) },
  { name: 'source', small: (filter) => (filter.source = 'chat bot'), largest: (filter) => (filter.source = 'voice bot') },
  {
    name: 'created',
    small: (filter) => ((filter.createdFrom = new Date(Date.now() - 30 * DAY)), (filter.createdBefore = new Date(Date.now() - 23 * DAY))),
    largest: (filter) => ((filter.createdFrom = new Date(Date.now() - 365 * DAY)), (filter.createdBefore = new Date(Date.now() - 180 * DAY))),
  },
  // Archived leads are the few either way.
  { name: 'archived', small: (filter) => (filter.archived = true), largest: (filter) => (filter.archived = true) },
];
const SHARES: Share[] = ['small', 'largest'];

interface Plan {
  combination: string;
  query: 'page' | 'count';
  plan: string[];
  /** The query's time, run for real after a first run warmed the cache. */
  ms: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work();
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** SQLite's plan rows (id, parent, detail) as an indented tree, as the sqlite3 shell prints it. */
function sqliteTree(rows: Record<string, unknown>[]): string[] {
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((row) => {
    const level = (depth.get(Number(row.parent)) ?? -1) + 1;
    depth.set(Number(row.id), level);
    return `${'  '.repeat(level)}${String(row.detail)}`;
  });
}

/** A plan line that reads the whole leads table rather than through an index. */
function readsWholeTable(line: string): boolean {
  return /^SCAN leads\b(?! USING)/.test(line.trim()) || /Seq Scan on leads\b/.test(line);
}

async function main(): Promise<void> {
  const [url, out] = process.argv.slice(2);
  if (!url) throw new Error('Usage: pnpm --filter @lead-desk/bench plans <DATABASE_URL> [out.md]');
  const target = parseDatabaseUrl(url);
  const database = new Database(target, null, loadAppConfig({ DATABASE_URL: url, DEMO_DATA: 'false', LOG_LEVEL: 'silent' }));
  const repository = new LeadsRepository(database, new LeadSourcesRepository(database), new LeadResponseTimesRepository(database));
  const explain = (query: Sql) =>
    target.provider === 'sqlite' ? sql`EXPLAIN QUERY PLAN ${query}` : sql`EXPLAIN (COSTS OFF) ${query}`;
  let capture: ((query: Sql) => Promise<void>) | undefined;
  const run = database.rows.bind(database);
  // The page's and the count's queries are explained, not run; every other read (table versions, the search's own, the source's spellings) runs.
  database.rows = (async (query: Sql) => {
    if (!capture || !/^\s*SELECT (page\.\*|COUNT\(\*\) AS count FROM leads\b)/.test(query.sql)) return run(query);
    await capture(query);
    return /COUNT\(\*\)/.test(query.sql) ? [{ count: 0 }] : [];
  }) as Database['rows'];

  const plans: Plan[] = [];
  for (const share of SHARES) {
    for (let mask = 0; mask < 1 << DIMENSIONS.length; mask += 1) {
      const filter: ResolvedLeadFilter = { status: 'all', archived: false };
      const names = DIMENSIONS.filter((_, index) => mask & (1 << index)).map((dimension) => (dimension[share](filter), dimension.name));
      const combination = `${names.join(' + ') || '(none)'} (${share} shares)`;
      for (const query of ['page', 'count'] as const) {
        capture = async (captured) => {
          const rows = await run<Record<string, unknown>>(explain(captured));
          const plan = target.provider === 'sqlite' ? sqliteTree(rows) : rows.map((row) => String(row['QUERY PLAN']));
          plans.push({ combination, query, plan, ms: await timed(() => run(captured)) });
        };
        if (query === 'page') await repository.findPage(filter, EVERY_LEAD, 51);
        else await repository.count(filter, EVERY_LEAD);
        capture = undefined;
      }
    }
  }
  await database.onModuleDestroy();

  const scans = plans.filter(({ plan }) => plan.some(readsWholeTable));
  const report = [
    `# Filter plans on ${target.provider}`,
    '',
    `${plans.length} plans (${DIMENSIONS.length} filters in every combination, with values of small and of the largest shares, the page and its count); ${scans.length} read the whole leads table.`,
    '',
    ...(['page', 'count'] as const).flatMap((query) => {
      const times = plans.filter((plan) => plan.query === query).sort((a, b) => b.ms - a.ms);
      return [
        `Slowest ${query} queries (ms, one run after a warm-up): ${times.slice(0, 5).map(({ combination, ms }) => `${combination} ${ms.toFixed(1)}`).join('; ')}; median ${times[times.length >> 1].ms.toFixed(1)}.`,
        '',
      ];
    }),
    ...plans.flatMap(({ combination, query, plan, ms }) => [`## ${combination}: ${query} (${ms.toFixed(1)} ms)`, '', '```', ...plan, '```', '']),
  ].join('\n');
  if (out) writeFileSync(out, report);
  else console.log(report);
  console.log(`${target.provider}: ${plans.length} plans, ${scans.length} reading the whole leads table${scans.length ? `: ${scans.map(({ combination, query }) => `${combination} (${query})`).join('; ')}` : ''}`);
  if (scans.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
