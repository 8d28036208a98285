// `pnpm --filter @lead-desk/bench report [results.json]`: rewrites BENCHMARKS.md and the
// plots from saved figures (default bench/results/latest.json) and the template,
// without measuring again: for edits to the narrative.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '@lead-desk/test-support';
import { writeReport, type BenchReport } from '../report';

const file = process.argv[2] ?? join(REPOSITORY_ROOT, 'bench/results/latest.json');
writeReport(JSON.parse(readFileSync(file, 'utf8')) as BenchReport);
console.log(`BENCHMARKS.md and bench/plots/ written from ${file}`);
