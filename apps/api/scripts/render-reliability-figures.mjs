// `pnpm reliability:figures`: writes the figures the reliability tests recorded
// (apps/api/test-results/reliability-figures/*.json, git-ignored) into RELIABILITY.md,
// between its `figures` and `summary` markers, so the numbers are never copied by hand.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const FIGURES_DIR = `${API_DIR}test-results/reliability-figures`;
const REPORT_FILE = fileURLToPath(new URL('../../../RELIABILITY.md', import.meta.url));
const PROMISES = ['Exactly once', 'Crash safety', 'Hostile input', 'Outage', 'Load', 'Security regression'];

const entries = readdirSync(FIGURES_DIR)
  .map((file) => JSON.parse(readFileSync(`${FIGURES_DIR}/${file}`, 'utf8')))
  // Results of a test file that has since been renamed or removed are left out.
  .filter((entry) => PROMISES.includes(entry.promise) && existsSync(`${API_DIR}${entry.test.split(' › ')[0]}`))
  .sort((a, b) => PROMISES.indexOf(a.promise) - PROMISES.indexOf(b.promise) || a.test.localeCompare(b.test) || a.database.localeCompare(b.database));

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
const figuresOf = (figures) =>
  Object.entries(figures)
    .map(([name, value]) => `${name}: ${typeof value === 'string' && value.startsWith('{') ? value.replaceAll('"', '').replaceAll(',', ', ') : value}`)
    .join('; ');

const table = [
  '| promise | test | database | figures | recorded |',
  '| --- | --- | --- | --- | --- |',
  ...entries.map((entry) => `| ${entry.promise} | ${cell(entry.test)} | ${entry.database} | ${cell(figuresOf(entry.figures))} | ${entry.recordedAt.slice(0, 16).replace('T', ' ')} UTC |`),
].join('\n');

const sum = (promise, figure) => entries.filter((entry) => entry.promise === promise).reduce((total, entry) => total + Number(entry.figures[figure] ?? 0), 0);
const of = (promise) => entries.filter((entry) => entry.promise === promise);
const list = (promise, describe) => of(promise).map((entry) => `${entry.database} ${describe(entry.figures)}`).join(', ');

const summary = [
  `Exactly once: ${sum('Exactly once', 'deliveries')} deliveries, ${sum('Exactly once', 'duplicates')} duplicates.`,
  `Crash safety: ${sum('Crash safety', 'kills')} SIGKILLs, ${sum('Crash safety', 'deliveries')} deliveries (${sum('Crash safety', 'acknowledged')} acknowledged by a process that was then killed, ${sum('Crash safety', 'resent')} unanswered and re-sent), ${sum('Crash safety', 'lost')} lost, ${sum('Crash safety', 'duplicates')} duplicates.`,
  `Hostile input: ${sum('Hostile input', 'cases')} generated bodies, ${sum('Hostile input', 'errors5xx')} server errors, heap growth at most ${Math.max(0, ...of('Hostile input').map((entry) => entry.figures.heapGrowthMb))} MB, ${Math.round(sum('Hostile input', 'seconds'))} s in all.`,
  `Outage: ${sum('Outage', 'requests')} requests during the outage run, ${sum('Outage', 'answers503')} answered 503, ${sum('Outage', 'errors5xxOther')} other server errors.`,
  `Load: ${list('Load', (figures) => `${figures.requests} requests in ${figures.seconds} s from ${figures.clients} clients, ${figures.errors} errors, heap ${figures.heapAfterWarmUpMb} → ${figures.heapAtEndMb} MB (${figures.heapChangePercent} %)`)}.`,
  `Security regression: ${sum('Security regression', 'requests')} requests over every route, ${sum('Security regression', 'leaks')} leaks.`,
].join('\n');

const between = (text, marker, content) => {
  const pattern = new RegExp(`(<!-- ${marker}:start -->)[\\s\\S]*?(<!-- ${marker}:end -->)`);
  if (!pattern.test(text)) throw new Error(`RELIABILITY.md has no ${marker}:start/${marker}:end markers`);
  return text.replace(pattern, (_, start, end) => `${start}\n${content}\n${end}`);
};

const report = readFileSync(REPORT_FILE, 'utf8');
writeFileSync(REPORT_FILE, between(between(report, 'figures', table), 'summary', summary));
console.log(`RELIABILITY.md: ${entries.length} recorded results written.`);
