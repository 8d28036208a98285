import Database from 'better-sqlite3';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CsvCellSource, CsvExport, CsvFormat, CsvQuery, CsvValue } from '../database-dialect';
import { empty, join, raw, sql } from '../sql';
import { sqliteParameter } from './sqlite-parameter';

/** better-sqlite3 reads synchronously: other requests get their turn after each chunk of this many rows. */
const ROWS_PER_CHUNK = 1000;

/** The value the writer is given for a cell: what the API's JSON holds. */
function cellValue(cell: CsvCellSource, format: CsvFormat): string {
  switch (cell.kind) {
    case 'text':
      return cell.column;
    case 'boolean':
      return `CASE ${cell.column} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END`;
    case 'time':
      // Stored as the adapter writes it ("…+00:00"); the API writes toISOString()'s "…Z".
      return `strftime('%Y-%m-%dT%H:%M:%fZ', ${cell.column})`;
    case 'number or text':
      return `COALESCE(${cell.number}, ${cell.text})`;
    case 'text list': {
      const quoted = format.list.quotedWhenHolding.map((character) => `instr(value, ${textLiteral(character)}) > 0`).join(' OR ');
      const item = `CASE WHEN ${quoted} THEN '"' || replace(value, '"', '""') || '"' ELSE value END`;
      // NULL for an empty list: no items, no cell (most leads have no tags: their JSON is not parsed).
      return `CASE WHEN ${cell.column} <> '[]' THEN (SELECT group_concat(${item}, ${textLiteral(format.list.separator)} ORDER BY key) FROM json_each(${cell.column})) END`;
    }
  }
}

function textLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * CSV from SQLite: each export reads through a read-only connection of its own (WAL lets
 * it read while the app writes), row arrays without objects, formatted by the writer.
 */
export class SqliteCsvExport implements CsvExport {
  constructor(private readonly filename: string) {}

  async stream(query: CsvQuery): Promise<Readable> {
    const select = sql`SELECT ${raw(query.columns.map(({ cell }) => cellValue(cell, query.format)).join(', '))} FROM ${raw(query.table)}
      ${query.where.length > 0 ? sql`WHERE ${join(query.where, ' AND ')}` : empty} ORDER BY ${raw(query.orderBy)}`;
    const db = new Database(this.filename, { readonly: true, fileMustExist: true });
    let csv: Readable;
    try {
      const rows = db.prepare(select.sql).raw().iterate(...select.values.map(sqliteParameter)) as IterableIterator<CsvValue[]>;
      csv = Readable.from(csvChunks(query.format, query.columns.map(({ header }) => header), rows), { objectMode: false });
      csv.once('close', () => {
        rows.return?.();
        db.close();
      });
    } catch (error) {
      db.close();
      throw error;
    }
    await once(csv, 'readable');
    return csv;
  }

  async close(): Promise<void> {
    // Each export closes its own connection when its stream closes.
  }
}

/** The header, then records in chunks, the event loop free between them. */
async function* csvChunks(format: CsvFormat, header: string[], rows: IterableIterator<CsvValue[]>): AsyncGenerator<string> {
  let chunk = format.record(header);
  let rowsInChunk = 0;
  for (const row of rows) {
    chunk += format.record(row);
    if (++rowsInChunk < ROWS_PER_CHUNK) continue;
    yield chunk;
    chunk = '';
    rowsInChunk = 0;
    await nextTurn();
  }
  if (chunk) yield chunk;
}
