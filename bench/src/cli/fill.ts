// `pnpm --filter @lead-desk/bench fill <DATABASE_URL> <N> [tasks]`: migrates a database and fills
// it with N generated leads (and that many tasks over them, as the tasks scenario adds), for
// profiling one scenario by hand (see BENCHMARKS.md).
import { fillDatabase } from '../fill-database';
import { fillTasks } from '../tasks-test';

async function main(): Promise<void> {
  const [url, size, tasks = '0'] = process.argv.slice(2);
  if (!url || !Number(size) || !Number.isInteger(Number(tasks))) throw new Error('Usage: pnpm --filter @lead-desk/bench fill <DATABASE_URL> <number of leads> [number of tasks]');
  const started = performance.now();
  const { busyLeadId } = await fillDatabase(url, Number(size));
  if (Number(tasks) > 0) await fillTasks(url, Number(tasks));
  console.log(`Filled ${url} with ${Number(size)} leads and ${Number(tasks)} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s; the lead with a long timeline: ${busyLeadId}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
