import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export interface ExportResult {
  megabytes: number;
  /** Lines after the header: the leads exported (no generated value contains a line break). */
  rows: number;
  seconds: number;
  megabytesPerSecond: number;
}

const NEWLINE = 0x0a;

async function drain(stream: AsyncIterable<Uint8Array>): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of stream) {
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
  }
  return { bytes, lines };
}

/** Downloads a URL to nowhere, counting bytes and lines: the speed a client sees. */
export async function timeDownload(url: string): Promise<ExportResult> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const { bytes, lines } = await drain(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
  return result(bytes, lines - 1, (performance.now() - started) / 1000);
}

export type NativeExportTarget = { provider: 'sqlite'; filename: string } | { provider: 'postgresql'; connectionString: string; schema: string };

/**
 * The database's own CSV export of the same twelve columns in the same order, read
 * as a stream: psql's \copy, or the sqlite3 shell in CSV mode.
 */
export async function timeNativeExport(target: NativeExportTarget): Promise<ExportResult> {
  const columns = (castBudget: string) =>
    `id, name, email, location, qualified, created_at, source, phone, interested_in, coalesce(budget_text, ${castBudget}), timeline, loan_needed`;
  const [command, args] =
    target.provider === 'postgresql'
      ? ['psql', [target.connectionString, '-c', `\\copy (SELECT ${columns('budget_amount::text')} FROM "${target.schema}".leads WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC) TO STDOUT WITH CSV HEADER`]]
      : ['sqlite3', ['-csv', '-header', '-readonly', target.filename, `SELECT ${columns('CAST(budget_amount AS TEXT)')} FROM leads WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC`]];
  const started = performance.now();
  const child = spawn(command, args as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((done, fail) => child.once('error', fail).once('exit', done));
  const { bytes, lines } = await drain(child.stdout!);
  const code = await exited;
  if (code !== 0) throw new Error(`${command} exited with ${code}`);
  return result(bytes, lines - 1, (performance.now() - started) / 1000);
}

function result(bytes: number, rows: number, seconds: number): ExportResult {
  const megabytes = bytes / 1_000_000;
  return { megabytes, rows, seconds, megabytesPerSecond: megabytes / seconds };
}
