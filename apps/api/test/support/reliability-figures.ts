import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Git-ignored: `pnpm reliability:figures` renders it into RELIABILITY.md's figures table. */
const FIGURES_DIR = join(__dirname, '../../test-results/reliability-figures');

export interface ReliabilityFigures {
  /** The promise of issue 8 the test proves, as RELIABILITY.md names it. */
  promise: string;
  /** The test's file and full name. */
  test: string;
  database: string;
  figures: Record<string, number | string>;
}

/**
 * Records the figures of one test run, replacing that test's previous figures on the same
 * database. One file per test and database, so parallel Jest workers never overwrite each other.
 */
export function recordFigures(entry: ReliabilityFigures): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const name = createHash('sha256').update(`${entry.test}\n${entry.database}`).digest('hex').slice(0, 16);
  writeFileSync(join(FIGURES_DIR, `${name}.json`), `${JSON.stringify({ ...entry, recordedAt: new Date().toISOString() }, null, 2)}\n`);
}

/** "file › describe › test", from inside a running test. */
export function currentTestName(): string {
  const { testPath, currentTestName: name } = expect.getState();
  return `${(testPath ?? '').replace(/^.*\/apps\/api\//, '')} › ${name}`;
}
