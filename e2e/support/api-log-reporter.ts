import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How much of the app's log a failed run prints: enough to see the requests around the failure. */
const TAIL_LINES = 60;
/** How much of each failure's message is repeated at the very end. */
const ERROR_LINES = 8;

/**
 * After a failed run, prints the end of the app's log (every request it answered, and any
 * error), then each failed test with the start of its error: the last lines a CI run shows
 * (test-results/ is not kept there, and only the tail of its output may be read).
 */
export default class ApiLogReporter implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus) return;
    const message = (result.error?.message ?? result.status).replace(/\u001b\[[0-9;]*m/g, '').split('\n').slice(0, ERROR_LINES).join('\n    ');
    this.failures.push(`  ✘ ${test.titlePath().filter(Boolean).join(' › ')} (${result.status}, ${Math.round(result.duration / 1000)} s)\n    ${message}`);
  }

  onEnd(result: FullResult): void {
    if (result.status === 'passed') return;
    const logFile = process.env.E2E_API_LOG;
    if (logFile && existsSync(logFile)) {
      const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
      console.log(`\nThe app's log, last ${TAIL_LINES} of ${lines.length} lines (${logFile}):\n${lines.slice(-TAIL_LINES).join('\n')}`);
    }
    console.log(`\n${this.failures.length} browser test(s) failed (run status: ${result.status}):\n${this.failures.join('\n')}`);
  }
}
