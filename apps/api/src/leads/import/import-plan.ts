import { IMPORT_PREVIEW_MATCHES, type ImportOptions, type ImportPreviewDuplicate, type ImportPreviewLead } from '@lead-desk/contracts';
import { LeadIdentities, type LeadIdentity, type PersonKey } from '../lead-identity';
import type { ImportRow } from './import-row';
import { identityWrite } from './matched-row-write';

/** How a row counts in an import's summary. */
export type RowOutcome = 'created' | 'updated' | 'possibleDuplicates';

/** A row that matches a lead, as a dry run notes it for the preview's list: its line and the lead's id. */
export interface MatchedRow {
  line: number;
  leadId: string;
}

/**
 * A dry run's picture of who the file's people are, carried from batch to batch: the
 * identities of the stored leads its rows may be about and of the leads it would create,
 * each as the rows before would leave it (identityWrite: what writeBatch writes of a name,
 * email and phone), so that every row is decided as writeBatch decides it. It keeps no
 * more of a lead than that, whatever the file's size; for the preview it notes the first
 * IMPORT_PREVIEW_MATCHES rows that match a lead (listedMatches tells what they change)
 * and lists the first rows flagged as possible duplicates.
 */
export class ImportPlan {
  readonly matched: MatchedRow[] = [];
  readonly duplicates: ImportPreviewDuplicate[] = [];
  /** The leads the file would create, by id: the line of the row that does. */
  readonly createdAtLine = new Map<string, number>();
  private readonly identities = new LeadIdentities();

  constructor(private readonly options: Pick<ImportOptions, 'dedupe' | 'onMatch'>) {}

  /** Stored leads the next rows may be about; those met before stay as the plan left them. */
  meet(leads: LeadIdentity[]): void {
    for (const lead of leads) if (!this.identities.get(lead.id)) this.identities.add(lead);
  }

  /** One valid row decided, and who it would leave its lead as remembered for the rows after it. */
  decide(row: ImportRow, person: PersonKey, now: Date): RowOutcome {
    const match = this.identities.match(person, this.options.dedupe);
    if (match?.kind === 'same') {
      if (this.matched.length < IMPORT_PREVIEW_MATCHES) this.matched.push({ line: row.line, leadId: match.lead.id });
      this.identities.update(match.lead.id, identityWrite(match.lead, row, this.options.onMatch));
      return 'updated';
    }
    const id = row.id ?? `planned-line-${row.line}`;
    this.identities.add({ id, name: row.lead.name, email: row.lead.email ?? null, phone: row.lead.phone ?? null, createdAt: row.createdAt ?? now });
    this.createdAtLine.set(id, row.line);
    if (match?.kind !== 'possible-duplicate') return 'created';
    if (this.duplicates.length < IMPORT_PREVIEW_MATCHES) this.duplicates.push({ line: row.line, name: row.lead.name, lead: this.shown(match.lead), reason: match.reason });
    return 'possibleDuplicates';
  }

  /** A lead as the preview names it: a stored one by its id, one the file creates by the line of the row that does. */
  shown({ id, name }: Pick<LeadIdentity, 'id' | 'name'>): ImportPreviewLead {
    const createdAtLine = this.createdAtLine.get(id);
    return createdAtLine === undefined ? { id, name, createdAtLine: null } : { id: null, name, createdAtLine };
  }
}
