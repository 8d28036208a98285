import { Logger } from '@nestjs/common';
import { once } from 'node:events';
import { pipeline, type Readable } from 'node:stream';
import { escapeIdentifier, escapeLiteral, Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { CsvCellSource, CsvExport, CsvFormat, CsvQuery } from '../database-dialect';
import type { PostgresTarget } from '../database-url';
import type { Sql } from '../sql';
import { CrlfRecordEnds } from './crlf-record-ends';
import { postgresPoolConfig } from './postgres-pool';

/** Each export holds a connection for its whole download; more wait for one. */
const EXPORT_CONNECTIONS = 2;

/**
 * CSV from PostgreSQL: the database formats every cell as `CsvFormat.record` would and
 * streams the rows with COPY, so no row becomes a JavaScript object. COPY quotes cells
 * as RFC 4180 does but ends records with LF, which `CrlfRecordEnds` turns into CRLF.
 */
export class PostgresCsvExport implements CsvExport {
  private readonly logger = new Logger(PostgresCsvExport.name);
  private readonly pool: Pool;

  constructor(target: PostgresTarget) {
    this.pool = new Pool(postgresPoolConfig(target, EXPORT_CONNECTIONS));
    this.pool.on('error', (error) => this.logger.error({ err: error }, 'PostgreSQL export connection failed while idle'));
  }

  async stream(query: CsvQuery): Promise<Readable> {
    const read = query.columns.map(({ cell }, index) => readOnce(cell, index, query.format));
    const values = read.flatMap(({ values }) => values).join(', ');
    const cells = read.map(({ cell }, index) => `${csvCell(cell, query.format)} AS ${escapeIdentifier(query.columns[index].header)}`).join(', ');
    const where = query.where.length > 0 ? `WHERE ${query.where.map(withLiterals).join(' AND ')}` : '';
    // The values are read in a subquery and formatted over it: formatting names a value more than once, and a
    // lookup (a scalar subquery) written there would run as often. A projection over a sorted subquery keeps its order.
    const select = `SELECT ${cells} FROM (SELECT ${values} FROM ${query.table} ${where} ORDER BY ${query.orderBy}) AS row_values`;
    const client = await this.pool.connect();
    // The export's settings hold for its transaction only, so they need no session of their own (a pooler
    // in transaction mode keeps none). Shortest round-trip digits for float8 (the default since PostgreSQL
    // 12, pinned against a server that changes it). No JIT: compiling the cells' expressions took longer
    // than it saved (the COPY of 100k leads: 3.2-6.4 s with it, 2.2-3.5 s without).
    try {
      await client.query('BEGIN READ ONLY; SET LOCAL extra_float_digits = 1; SET LOCAL jit = off');
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    // A COPY left unread cannot be taken back: that connection is closed rather than reused.
    copy.once('close', () => {
      if (!copy.readableEnded) return client.release(new Error('CSV export stopped before its end'));
      client.query('COMMIT').then(
        () => client.release(),
        (error: unknown) => {
          this.logger.error({ err: error }, 'Ending a CSV export\'s transaction failed: its connection is closed');
          client.release(error as Error);
        },
      );
    });
    const csv = pipeline(copy, new CrlfRecordEnds(), (error) => {
      if (error) this.logger.warn({ err: error }, 'CSV export stopped before its end');
    });
    await once(csv, 'readable');
    return csv;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** COPY takes no bind parameters: a condition's values go in as literals the driver escapes. */
function withLiterals(condition: Sql): string {
  return condition.strings.reduce((text, part, index) => text + postgresLiteral(condition.values[index - 1]) + part);
}

function postgresLiteral(value: unknown): string {
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // Times are kept as UTC in TIMESTAMP columns (no zone): the instant's UTC wall time.
  if (value instanceof Date) return `${escapeLiteral(value.toISOString().replace('T', ' ').replace('Z', ''))}::timestamp`;
  throw new Error(`An export filter value must be text, a boolean or a time, not ${typeof value}`);
}

type FormattedCell = Exclude<CsvCellSource, { kind: 'text list' }>;

/**
 * The values a cell is made of, each read once as `v<index>` (the text of a number or
 * text as `t<index>`), and the cell made of them. A list is joined into its text here.
 */
function readOnce(cell: CsvCellSource, index: number, format: CsvFormat): { values: string[]; cell: FormattedCell } {
  const value = `v${index}`;
  switch (cell.kind) {
    case 'number or text':
      return { values: [`${cell.number} AS ${value}`, `${cell.text} AS t${index}`], cell: { kind: cell.kind, number: value, text: `t${index}` } };
    case 'text list':
      return { values: [`${listText(cell.column, format)} AS ${value}`], cell: { kind: 'text', column: value } };
    default:
      return { values: [`${cell.column} AS ${value}`], cell: { ...cell, column: value } };
  }
}

/** A JSON array of text as the format writes a list; NULL for an empty one (most leads have no tags: their JSON is not parsed). */
function listText(column: string, format: CsvFormat): string {
  const quoted = format.list.quotedWhenHolding.map((character) => `strpos(item, ${escapeLiteral(character)}) > 0`).join(' OR ');
  const item = `CASE WHEN ${quoted} THEN '"' || replace(item, '"', '""') || '"' ELSE item END`;
  const items = `SELECT string_agg(${item}, ${escapeLiteral(format.list.separator)} ORDER BY position) FROM json_array_elements_text(${column}::json) WITH ORDINALITY AS list(item, position)`;
  return `CASE WHEN ${column} <> '[]' THEN (${items}) END`;
}

/** A cell as the format's writer writes the value; COPY writes NULL as an empty cell. */
function csvCell(cell: FormattedCell, format: CsvFormat): string {
  const quote = escapeLiteral(format.formulaQuote);
  const prefixedCodes = format.formulaStarts.map((start) => start.charCodeAt(0)).join(', ');
  /** Text, quote-prefixed when it starts like a formula; NULL when empty, as COPY writes "" for an empty string and the writer nothing. */
  const text = (column: string) => `NULLIF(CASE WHEN ascii(${column}) IN (${prefixedCodes}) THEN ${quote} || ${column} ELSE ${column} END, '')`;
  switch (cell.kind) {
    case 'text':
      return text(cell.column);
    case 'boolean':
      return `${cell.column}::text`;
    case 'time':
      return `to_char(${cell.column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'number or text': {
      const number = javascriptNumber(cell.number);
      // A number is never empty and starts like a formula only when negative.
      return `CASE WHEN ${cell.number} IS NULL THEN ${text(cell.text)} WHEN ${cell.number} < 0 THEN ${quote} || ${number} ELSE ${number} END`;
    }
  }
}

/**
 * A float8 as JavaScript's String(number) writes it. PostgreSQL's shortest round-trip
 * digits are JavaScript's; only the switch to exponent notation differs (PostgreSQL's
 * outside 1e-4 <= |x| < 1e15, JavaScript's outside 1e-7 < |x| < 1e21) and the exponent's
 * form (e-07 against e-7). -0 is "0"; NaN and Infinity are spelt alike.
 */
function javascriptNumber(x: string): string {
  return `CASE
    WHEN ${x} = 0 THEN '0'
    WHEN abs(${x}) >= 1e-4::float8 AND abs(${x}) < 1e15::float8 OR position('e' IN ${x}::text) = 0 THEN ${x}::text
    ELSE (
      SELECT CASE WHEN ${x} < 0 THEN '-' ELSE '' END || CASE
        WHEN exponent < -6 OR exponent > 20 THEN mantissa || 'e' || CASE WHEN exponent < 0 THEN '-' ELSE '+' END || abs(exponent)
        WHEN exponent < 0 THEN '0.' || repeat('0', -exponent - 1) || digits
        WHEN exponent >= length(digits) - 1 THEN digits || repeat('0', exponent - length(digits) + 1)
        ELSE left(digits, exponent + 1) || '.' || substr(digits, exponent + 2)
      END
      FROM (SELECT split_part(abs(${x})::text, 'e', 1) AS mantissa, split_part(abs(${x})::text, 'e', 2)::int AS exponent) AS scientific,
        LATERAL (SELECT replace(mantissa, '.', '') AS digits) AS significand
    )
  END`;
}
