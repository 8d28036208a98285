import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter } from '@playwright/test/reporter';

/** How much of the app's log a failed run prints: enough to see the requests around the failure. */
const TAIL_LINES = 60;

/**
 * After a failed run, prints the end of the app's log (every request it answered, and
 * any error), so a failure on CI, where test-results/ is not kept, can still be read.
 */
export default class ApiLogReporter implements Reporter {
  onEnd(result: FullResult): void {
    const logFile = process.env.E2E_API_LOG;
    if (result.status === 'passed' || !logFile || !existsSync(logFile)) return;
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    console.log(`\nThe app's log, last ${TAIL_LINES} of ${lines.length} lines (${logFile}):\n${lines.slice(-TAIL_LINES).join('\n')}`);
  }
}
