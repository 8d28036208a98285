import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Git-ignored: `pnpm reliability:figures` renders it into RELIABILITY.md's figures table. */
export const FIGURES_FILE = join(__dirname, '../../test-results/reliability-figures.json');

export interface ReliabilityFigures {
  /** The promise of issue 8 the test proves, as RELIABILITY.md names it. */
  promise: string;
  /** The test's file and full name. */
  test: string;
  database: string;
  figures: Record<string, number | string>;
  recordedAt: string;
}

/** Records the figures of one test run, replacing that test's previous figures on the same database. */
export function recordFigures(entry: Omit<ReliabilityFigures, 'recordedAt'>): void {
  const all = readFigures().filter((known) => !(known.test === entry.test && known.database === entry.database));
  all.push({ ...entry, recordedAt: new Date().toISOString() });
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  writeFileSync(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
}

function readFigures(): ReliabilityFigures[] {
  try {
    return JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as ReliabilityFigures[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** "file › describe › test", from inside a running test. */
export function currentTestName(): string {
  const { testPath, currentTestName: name } = expect.getState();
  return `${(testPath ?? '').replace(/^.*\/apps\/api\//, '')} › ${name}`;
}
