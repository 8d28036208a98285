import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Database } from '../database/database';
import { sql } from '../database/sql';
import type { CsvCellSource, CsvFormat } from '../database/database-dialect';
import { FORMULA_QUOTE, PREFIXED_STARTS } from './csv/formula-escape';
import { LEAD_CSV_COLUMNS, type LeadCsvColumn } from './csv/lead-csv-columns';
import { csvRecord } from './csv/lead-csv-writer';
import type { ResolvedLeadFilter } from './lead-list-filter';
import { LeadsRepository } from './leads.repository';
import type { LeadAccess } from './access/lead-access';

/** Where each cell of leads.csv comes from: the value toLeadOutput gives the column. */
const LEAD_CSV_CELLS: Record<LeadCsvColumn, CsvCellSource> = {
  _id: { kind: 'text', column: 'id' },
  name: { kind: 'text', column: 'name' },
  email: { kind: 'text', column: 'email' },
  location: { kind: 'text', column: 'location' },
  qualified: { kind: 'boolean', column: 'qualified' },
  createdAt: { kind: 'time', column: 'created_at' },
  source: { kind: 'text', column: 'source' },
  phone: { kind: 'text', column: 'phone' },
  interestedIn: { kind: 'text', column: 'interested_in' },
  budget: { kind: 'number or text', number: 'budget_amount', text: 'budget_text' },
  timeline: { kind: 'text', column: 'timeline' },
  loan_needed: { kind: 'boolean', column: 'loan_needed' },
};

const LEAD_CSV_FORMAT: CsvFormat = { record: csvRecord, formulaQuote: FORMULA_QUOTE, formulaStarts: PREFIXED_STARTS };

/**
 * The CSV export's query, outside the ORM (turning a million rows into objects was most
 * of an export's time): the list's own filter (`LeadsRepository.listConditions`) and
 * order, each cell as the CSV writer writes the lead's JSON value.
 */
@Injectable()
export class LeadsExportRepository {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly database: Database,
  ) {}

  /** The filter's leads as leads.csv, newest first, streamed with backpressure; a database out of reach fails before the answer starts. */
  async leadsCsv(filter: ResolvedLeadFilter, access: LeadAccess): Promise<Readable> {
    return this.database.exportCsv({
      columns: LEAD_CSV_COLUMNS.map((header) => ({ header, cell: LEAD_CSV_CELLS[header] })),
      table: 'leads',
      where: await this.leads.listConditions(filter, access),
      orderBy: 'created_at DESC, id DESC',
      format: LEAD_CSV_FORMAT,
    });
  }

  /** The leads a job selected (a bulk export), as leads.csv in the same columns and order; archived ones too, since they were picked. */
  async jobSelectionCsv(jobId: string): Promise<Readable> {
    return this.database.exportCsv({
      columns: LEAD_CSV_COLUMNS.map((header) => ({ header, cell: LEAD_CSV_CELLS[header] })),
      table: 'leads',
      where: [sql`id IN (SELECT lead_id FROM job_items WHERE job_id = ${jobId})`],
      orderBy: 'created_at DESC, id DESC',
      format: LEAD_CSV_FORMAT,
    });
  }
}
