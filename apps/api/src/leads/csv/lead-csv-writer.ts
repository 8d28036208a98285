import { WHATSAPP_CONSENT_PURPOSE } from '@lead-desk/contracts';
import type { Lead, LeadConsent } from '../../database/models';
import { tagsFromColumn } from '../../tags/stored-tags';
import { escapeFormula } from './formula-escape';
import { LEAD_CSV_COLUMNS } from './lead-csv-columns';
import { tagListCell } from './tag-list-cell';

export type CsvCell = string | number | boolean | null;

const RECORD_END = '\r\n';
// RFC 4180 quotes a cell holding the delimiter, a quote or CRLF; a lone CR or LF too,
// or readers split the row.
const NEEDS_QUOTES = /[",\r\n]/;

/** Excel reads a CSV without it in the machine's code page (Hindi names come out garbled); our import drops it. */
export const UTF8_BOM = '\uFEFF';

/** The start of leads.csv: the byte-order mark, then the header record. */
export const LEAD_CSV_HEADER = UTF8_BOM + LEAD_CSV_COLUMNS.join(',') + RECORD_END;

/** A lead with what its row of leads.csv reads beside the lead's own columns. */
export type LeadCsvRow = Lead & {
  stage: { name: string };
  owner: { email: string } | null;
  consents: Pick<LeadConsent, 'withdrawnAt' | 'purpose'>[];
  /** The time of the lead's newest activity entry. */
  lastActivityAt: Date | null;
};

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  const text = escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One RFC 4180 record ended by CRLF: quoted where needed, formulas neutralised, null
 * as an empty cell. Written by hand because csv-stringify's per-cell machinery took
 * most of an export's time; the spec holds it to csv-stringify's output.
 */
export function csvRecord(cells: readonly CsvCell[]): string {
  let text = cell(cells[0]);
  for (let index = 1; index < cells.length; index += 1) text += ',' + cell(cells[index]);
  return text + RECORD_END;
}

/**
 * Consent as the import reads it back without changing anything: true while a consent to be
 * called stands, false when every one the lead gave is withdrawn, empty when it never gave one.
 * A WhatsApp opt-in is not one: read back as a consent, it would record a consent to be called.
 */
function consentCell(consents: LeadCsvRow['consents']): boolean | null {
  const toBeCalled = consents.filter((consent) => consent.purpose !== WHATSAPP_CONSENT_PURPOSE);
  if (toBeCalled.length === 0) return null;
  return toBeCalled.some((consent) => consent.withdrawnAt === null);
}

/**
 * The CSV records of leads, in LEAD_CSV_COLUMNS order with the values toLeadOutput
 * gives them (the stage by name, the owner by email, the tags as tagListCell writes
 * them): the definition of leads.csv, which the database-side exports are held to.
 */
export function leadsCsvRecords(leads: LeadCsvRow[]): string {
  let text = '';
  for (const lead of leads) {
    text += csvRecord([
      lead.id,
      lead.name,
      lead.email,
      lead.location,
      lead.qualified,
      lead.createdAt.toISOString(),
      lead.source,
      lead.phone,
      lead.interestedIn,
      lead.budgetAmount ?? lead.budgetText,
      lead.timeline,
      lead.loanNeeded,
      lead.stage.name,
      lead.owner?.email ?? null,
      tagListCell(tagsFromColumn(lead.tags)),
      lead.lostReason,
      consentCell(lead.consents),
      lead.doNotCall,
      lead.lastActivityAt?.toISOString() ?? null,
    ]);
  }
  return text;
}
