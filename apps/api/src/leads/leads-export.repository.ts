import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Database from 'better-sqlite3';
import { once } from 'node:events';
import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { escapeIdentifier, escapeLiteral, Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { postgresPoolConfig } from '../database/adapter-factory';
import { sqliteParameter } from '../database/database-reader';
import { parseDatabaseUrl } from '../database/database-url';
import type { Prisma } from '../generated/sqlite/client';
import { CrlfRecordEnds } from './csv/crlf-record-ends';
import { FORMULA_QUOTE, PREFIXED_STARTS } from './csv/formula-escape';
import { LEAD_CSV_COLUMNS, type LeadCsvColumn } from './csv/lead-csv-columns';
import { csvRecord, LEAD_CSV_HEADER, type CsvCell } from './csv/lead-csv-writer';
import type { LeadFilter } from './inputs/list-leads.query';
import { LeadsRepository } from './leads.repository';

/** Each PostgreSQL export holds a connection for its whole download; more wait for one. */
const POSTGRES_EXPORT_CONNECTIONS = 2;
/** better-sqlite3 reads synchronously: other requests get their turn after each chunk of this many rows. */
const SQLITE_ROWS_PER_CHUNK = 1000;
const LIST_ORDER = 'ORDER BY created_at DESC, id DESC';

/**
 * The CSV export's queries, outside the ORM: turning a million rows into objects was
 * most of an export's time. PostgreSQL formats every cell as the CSV writer does and
 * streams it with COPY; SQLite is read through a read-only connection of the export's
 * own (WAL lets it read while the app writes) and formatted by the CSV writer's
 * `csvRecord`. The filter is the list's own (`LeadsRepository.listConditions`).
 */
@Injectable()
export class LeadsExportRepository implements OnModuleDestroy {
  private readonly logger = new Logger(LeadsExportRepository.name);
  private readonly sqliteFilename?: string;
  private readonly pool?: Pool;

  constructor(
    private readonly leads: LeadsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const target = parseDatabaseUrl(config.DATABASE_URL);
    if (target.provider === 'sqlite') {
      this.sqliteFilename = target.filename;
      return;
    }
    const settings = postgresPoolConfig(target, POSTGRES_EXPORT_CONNECTIONS);
    // Shortest round-trip digits for float8 (the default since PostgreSQL 12, pinned against a server that changes it).
    this.pool = new Pool({ ...settings, options: `${settings.options} -c extra_float_digits=1` });
    this.pool.on('error', (error) => this.logger.error({ err: error }, 'PostgreSQL export connection failed while idle'));
  }

  /**
   * The filter's leads as leads.csv, newest first, streamed with backpressure. Resolves
   * once the first chunk has been read, so a database out of reach is an error before
   * the answer starts rather than a download cut short.
   */
  async leadsCsv(filter: LeadFilter): Promise<Readable> {
    const conditions = await this.leads.listConditions(filter);
    const csv = this.pool ? await this.postgresCsv(this.pool, conditions) : this.sqliteCsv(this.sqliteFilename!, conditions);
    await once(csv, 'readable');
    return csv;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.end();
  }

  private async postgresCsv(pool: Pool, conditions: Prisma.Sql[]): Promise<Readable> {
    const client = await pool.connect();
    const where = whereClause(conditions.map(withLiterals));
    const copy = client.query(copyTo(`COPY (SELECT ${POSTGRES_CSV_SELECT} FROM leads ${where} ${LIST_ORDER}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    // A COPY left unread cannot be taken back: that connection is closed rather than reused.
    copy.once('close', () => client.release(copy.readableEnded ? undefined : new Error('CSV export stopped before its end')));
    return pipeline(copy, new CrlfRecordEnds(), (error) => {
      if (error) this.logger.warn({ err: error }, 'CSV export stopped before its end');
    });
  }

  private sqliteCsv(filename: string, conditions: Prisma.Sql[]): Readable {
    const db = new Database(filename, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare(`SELECT ${SQLITE_CSV_SELECT} FROM leads ${whereClause(conditions.map((condition) => condition.sql))} ${LIST_ORDER}`)
        .raw()
        .iterate(...conditions.flatMap((condition) => condition.values.map(sqliteParameter))) as IterableIterator<CsvCell[]>;
      const csv = Readable.from(csvChunks(rows), { objectMode: false });
      csv.once('close', () => {
        rows.return?.();
        db.close();
      });
      return csv;
    } catch (error) {
      db.close();
      throw error;
    }
  }
}

/** leads.csv from SQLite rows: the header, then records in chunks, the event loop free between them. */
async function* csvChunks(rows: IterableIterator<CsvCell[]>): AsyncGenerator<string> {
  let chunk = LEAD_CSV_HEADER;
  let rowsInChunk = 0;
  for (const row of rows) {
    chunk += csvRecord(row);
    if (++rowsInChunk < SQLITE_ROWS_PER_CHUNK) continue;
    yield chunk;
    chunk = '';
    rowsInChunk = 0;
    await nextTurn();
  }
  if (chunk) yield chunk;
}

function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** COPY takes no bind parameters: a condition's values go in as literals the driver escapes. */
function withLiterals(condition: Prisma.Sql): string {
  return condition.strings.reduce((text, part, index) => text + postgresLiteral(condition.values[index - 1]) + part);
}

function postgresLiteral(value: unknown): string {
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  throw new Error(`An export filter value must be text or a boolean, not ${typeof value}`);
}

// --- PostgreSQL: every cell as the CSV writer (csvRecord) writes it; COPY quotes them the same way.

const QUOTE_LITERAL = escapeLiteral(FORMULA_QUOTE);
const PREFIXED_CODES = PREFIXED_STARTS.map((start) => start.charCodeAt(0)).join(', ');

/** Text, quote-prefixed when it starts like a formula; NULL when empty, as COPY writes "" for an empty string and the writer nothing. */
function textCell(text: string): string {
  return `NULLIF(CASE WHEN ascii(${text}) IN (${PREFIXED_CODES}) THEN ${QUOTE_LITERAL} || ${text} ELSE ${text} END, '')`;
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

const BUDGET_NUMBER = javascriptNumber('budget_amount');

const POSTGRES_CELLS: Record<LeadCsvColumn, string> = {
  _id: textCell('id'),
  name: textCell('name'),
  email: textCell('email'),
  location: textCell('location'),
  qualified: 'qualified::text',
  createdAt: `to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  source: textCell('source'),
  phone: textCell('phone'),
  interestedIn: textCell('interested_in'),
  // A number is never empty and starts like a formula only when negative.
  budget: `CASE WHEN budget_amount IS NULL THEN ${textCell('budget_text')}
    WHEN budget_amount < 0 THEN ${QUOTE_LITERAL} || ${BUDGET_NUMBER} ELSE ${BUDGET_NUMBER} END`,
  timeline: textCell('timeline'),
  loan_needed: 'loan_needed::text',
};

/** The twelve cells, named as the header names them. */
const POSTGRES_CSV_SELECT = LEAD_CSV_COLUMNS.map((column) => `${POSTGRES_CELLS[column]} AS ${escapeIdentifier(column)}`).join(', ');

// --- SQLite: the values csvRecord is given for a lead (toLeadOutput's), left to it to format.

const SQLITE_CELLS: Record<LeadCsvColumn, string> = {
  _id: 'id',
  name: 'name',
  email: 'email',
  location: 'location',
  qualified: `CASE WHEN qualified THEN 'true' ELSE 'false' END`,
  // Stored as the adapter writes it ("…+00:00"); the export writes toISOString()'s "…Z".
  createdAt: `strftime('%Y-%m-%dT%H:%M:%fZ', created_at)`,
  source: 'source',
  phone: 'phone',
  interestedIn: 'interested_in',
  budget: 'COALESCE(budget_amount, budget_text)',
  timeline: 'timeline',
  loan_needed: `CASE loan_needed WHEN 1 THEN 'true' WHEN 0 THEN 'false' END`,
};

const SQLITE_CSV_SELECT = LEAD_CSV_COLUMNS.map((column) => SQLITE_CELLS[column]).join(', ');
