import { Injectable } from '@nestjs/common';
import { WHATSAPP_CONSENT_PURPOSE } from '@lead-desk/contracts';
import type { Readable } from 'node:stream';
import { Database, type ReadFrom } from '../database/database';
import { sql, type Sql } from '../database/sql';
import type { CsvCellSource, CsvFormat } from '../database/database-dialect';
import { FORMULA_QUOTE, PREFIXED_STARTS } from './csv/formula-escape';
import { LEAD_CSV_COLUMNS, type LeadCsvColumn } from './csv/lead-csv-columns';
import { csvRecord, UTF8_BOM } from './csv/lead-csv-writer';
import { QUOTED_TAG_CHARACTERS, TAG_SEPARATOR } from './csv/tag-list-cell';
import type { ResolvedLeadFilter } from './lead-list-filter';
import { LeadsRepository } from './leads.repository';
import type { LeadAccess } from './access/lead-access';

/** Where each cell of leads.csv comes from: the value toLeadOutput gives the column, or what leadsCsvRecords writes for it. */
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
  // Lookups by primary key, and per lead through its own index: a probe per row, never a scan.
  stage: { kind: 'text', column: '(SELECT stages.name FROM stages WHERE stages.id = leads.stage_id)' },
  owner: { kind: 'text', column: '(SELECT staff_users.email FROM staff_users WHERE staff_users.id = leads.owner_id)' },
  tags: { kind: 'text list', column: 'leads.tags' },
  lostReason: { kind: 'text', column: 'lost_reason' },
  // Through an index on lead_id: true while a consent to be called stands, false when all are withdrawn, NULL (empty) when none was given (a WhatsApp opt-in is no consent to be called).
  consent: {
    kind: 'boolean',
    column: `((SELECT max(CASE WHEN lead_consents.withdrawn_at IS NULL THEN 1 ELSE 0 END) FROM lead_consents WHERE lead_consents.lead_id = leads.id AND lead_consents.purpose <> '${WHATSAPP_CONSENT_PURPOSE}') = 1)`,
  },
  doNotCall: { kind: 'boolean', column: 'do_not_call' },
  // The first entry of lead_activities_lead_id_at_id_idx for the lead.
  lastActivityAt: {
    kind: 'time',
    column: '(SELECT lead_activities.at FROM lead_activities WHERE lead_activities.lead_id = leads.id ORDER BY lead_activities.at DESC, lead_activities.id DESC LIMIT 1)',
  },
};

const LEAD_CSV_FORMAT: CsvFormat = {
  record: csvRecord,
  formulaQuote: FORMULA_QUOTE,
  formulaStarts: PREFIXED_STARTS,
  list: { separator: TAG_SEPARATOR, quotedWhenHolding: QUOTED_TAG_CHARACTERS },
};

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
    // On the replica when there is one: the list's pages, as the list shows them, up to a replay lag behind.
    return this.csvOf(await this.leads.listConditions(filter, access), 'replica');
  }

  /** The leads a job selected (a bulk export), as leads.csv in the same columns and order; archived ones too, since they were picked. */
  jobSelectionCsv(jobId: string): Promise<Readable> {
    // The job's items were written a moment ago, on the primary: a replica may not have them yet.
    return this.csvOf([sql`id IN (SELECT lead_id FROM job_items WHERE job_id = ${jobId})`], 'primary');
  }

  private async csvOf(where: Sql[], from: ReadFrom): Promise<Readable> {
    const csv = await this.database.exportCsv(
      {
        columns: LEAD_CSV_COLUMNS.map((header) => ({ header, cell: LEAD_CSV_CELLS[header] })),
        table: 'leads',
        where,
        orderBy: 'created_at DESC, id DESC',
        format: LEAD_CSV_FORMAT,
      },
      from,
    );
    // In front of the header the database wrote, before anyone reads the stream.
    csv.unshift(UTF8_BOM);
    return csv;
  }
}
