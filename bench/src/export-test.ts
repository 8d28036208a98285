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
 * The database's own CSV export of the same columns in the same order, read as a stream:
 * psql's \copy, or the sqlite3 shell in CSV mode. The team's columns are looked up as the
 * API looks them up (stage, owner, consent and last activity per lead through their
 * indexes), their cells left unformatted.
 */
export async function timeNativeExport(target: NativeExportTarget): Promise<ExportResult> {
  const columns = ({ budget, tags }: { budget: string; tags: string }) =>
    `id, name, email, location, qualified, created_at, source, phone, interested_in, coalesce(budget_text, ${budget}), timeline, loan_needed,
    (SELECT name FROM stages WHERE stages.id = leads.stage_id), (SELECT email FROM staff_users WHERE staff_users.id = leads.owner_id), ${tags},
    lost_reason, (SELECT max(CASE WHEN withdrawn_at IS NULL THEN 1 ELSE 0 END) FROM lead_consents WHERE lead_consents.lead_id = leads.id), do_not_call,
    (SELECT at FROM lead_activities WHERE lead_activities.lead_id = leads.id ORDER BY at DESC, id DESC LIMIT 1)`;
  const select = (cells: string) => `SELECT ${cells} FROM leads WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC`;
  const postgresCells = columns({ budget: 'budget_amount::text', tags: "(SELECT string_agg(tag, ', ') FROM json_array_elements_text(tags::json) AS tag)" });
  const sqliteCells = columns({ budget: 'CAST(budget_amount AS TEXT)', tags: "(SELECT group_concat(value, ', ') FROM json_each(tags))" });
  const [command, args] =
    target.provider === 'postgresql'
      ? [
          'psql',
          // Without JIT, as the API's export connections.
          [target.connectionString, '-q', '-c', `SET search_path = "${target.schema}"; SET jit = off`, '-c', `\\copy (${select(postgresCells).replaceAll('\n', ' ')}) TO STDOUT WITH CSV HEADER`],
        ]
      : ['sqlite3', ['-csv', '-header', '-readonly', target.filename, select(sqliteCells)]];
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
