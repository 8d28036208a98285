// `pnpm --filter @lead-desk/bench fill <DATABASE_URL> <N>`: migrates a database and fills
// it with N generated leads, for profiling one scenario by hand (see BENCHMARKS.md).
import { fillDatabase } from '../fill-database';

async function main(): Promise<void> {
  const [url, size] = process.argv.slice(2);
  if (!url || !Number(size)) throw new Error('Usage: pnpm --filter @lead-desk/bench fill <DATABASE_URL> <number of leads>');
  const started = performance.now();
  const { busyLeadId } = await fillDatabase(url, Number(size));
  console.log(`Filled ${url} with ${Number(size)} leads in ${((performance.now() - started) / 1000).toFixed(1)} s; the lead with a long timeline: ${busyLeadId}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
