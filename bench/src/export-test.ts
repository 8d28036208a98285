import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface ExportResult {
  megabytes: number;
  seconds: number;
  megabytesPerSecond: number;
}

/** Downloads a URL to nowhere, counting bytes: the speed a client sees. */
export async function timeDownload(url: string): Promise<ExportResult> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return result(bytes, (performance.now() - started) / 1000);
}

/** The database's own CSV export: psql's \copy, or the sqlite3 shell in CSV mode. */
export async function timeNativeExport(provider: 'sqlite' | 'postgresql', connection: { filename?: string; connectionString?: string; schema?: string }): Promise<ExportResult> {
  const columns = 'id, name, email, location, qualified, created_at, source, phone, interested_in, coalesce(budget_text, budget_amount::text), timeline, loan_needed';
  const started = performance.now();
  const { stdout } =
    provider === 'postgresql'
      ? await promisify(execFile)('psql', [connection.connectionString!, '-c', `\\copy (SELECT ${columns} FROM "${connection.schema}".leads ORDER BY created_at DESC, id DESC) TO STDOUT WITH CSV HEADER`], { maxBuffer: 2 ** 31, encoding: 'buffer' })
      : await promisify(execFile)('sqlite3', ['-csv', '-header', connection.filename!, `SELECT ${columns.replace('budget_amount::text', 'CAST(budget_amount AS TEXT)')} FROM leads ORDER BY created_at DESC, id DESC`], { maxBuffer: 2 ** 31, encoding: 'buffer' });
  return result(stdout.length, (performance.now() - started) / 1000);
}

function result(bytes: number, seconds: number): ExportResult {
  const megabytes = bytes / 1_000_000;
  return { megabytes, seconds, megabytesPerSecond: megabytes / seconds };
}
