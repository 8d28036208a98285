import { Inject, Injectable, Logger } from '@nestjs/common';
import { IGNORE_COLUMN, IMPORT_PREVIEW_ROWS, type ImportOptions, type ImportPreview, type ImportSummary } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { InvalidFieldsException } from '../../common/field-errors';
import { ConsentsRepository } from '../../compliance/consents.repository';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { LiveEventSignal } from '../../events/live-event';
import { LiveEventsService } from '../../events/live-events.service';
import { StaffRepository } from '../../staff/staff.repository';
import { StagesRepository } from '../../stages/stages.repository';
import { tagChanges } from '../../tags/tag-changes';
import { tagsFromColumn } from '../../tags/stored-tags';
import { TagsRepository } from '../../tags/tags.repository';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import { parseLeadInput } from '../inputs/lead-input';
import { leadColumnsOf, leadFieldChanges } from '../lead-field-changes';
import { identityKeys, LeadIdentities, type PersonKey } from '../lead-identity';
import type { FoundDuplicate } from '../duplicates/duplicate-pair';
import { PossibleDuplicates } from '../duplicates/possible-duplicates';
import { LeadsRepository } from '../leads.repository';
import { LeadRouter } from '../routing/lead-router';
import { routingActivity } from '../routing/routing-activity';
import { ErasedPeople } from '../../privacy/erased-people';
import { importColumns, type ImportColumns } from './import-columns';
import { ImportContactRules, type ImportedContact } from './import-contact-rules';
import { ImportNames } from './import-names';
import { ImportNotes, type ImportedNote } from './import-notes';
import { listedMatches } from './import-listed-matches';
import { ImportPlan, type RowOutcome } from './import-plan';
import type { ImportRow } from './import-row';
import { importedLead } from './imported-lead';
import { importLimitsOf, type ImportLimits } from './import-limits';
import { matchedRowWrite } from './matched-row-write';
import { readImportRow, type ImportFileRow } from './import-rows';
import { readImportTable, type ImportTable, type TableRecord } from './import-table';

/** Rows written per transaction: short enough not to hold other writers, long enough to write 100k rows in seconds. */
export const IMPORT_BATCH = 500;

/** What one batch did: its rows counted as the summary counts them. */
export type ImportBatchOutcome = Record<RowOutcome, number>;

/** How rows meet stored leads: who is the same person (`dedupe`), and what a row writes over that lead (`onMatch`). */
export type ImportMatching = Pick<ImportOptions, 'dedupe' | 'onMatch'>;

/** A file ready to import: its table, how each column is read, and the stages and staff its names resolve to. */
export type OpenedFile = { table: ImportTable } & ImportColumns & { names: ImportNames };

/** One record read: a row to write, or why it is skipped. */
export type ReadRecord = { ok: true; value: ImportRow } | { ok: false; errors: ImportFileRow['errors'] };

/**
 * Imports a CSV or Excel file of leads: a file that cannot be read as a table is refused
 * whole (400) before anything is written; otherwise every valid row creates a lead, updates
 * the same person (LeadIdentities' rule, narrowed by `dedupe`) as `onMatch` says
 * (matchedRowWrite), or creates a lead flagged as a possible duplicate of the lead whose
 * phone or email it gives under another name; rows with invalid values are reported with
 * their line and column and skipped. Valid rows are written in batches by applyBatch, each
 * batch one transaction, so no row is ever half-written (an import job calls writeBatch in
 * its own batch's transaction). A dry run (ImportPlan) reads and decides every row exactly
 * so, and writes nothing.
 */
@Injectable()
export class LeadImportService {
  private readonly logger = new Logger(LeadImportService.name);
  private readonly limits: ImportLimits;

  constructor(
    private readonly leads: LeadsRepository,
    private readonly stages: StagesRepository,
    private readonly staff: StaffRepository,
    private readonly tags: TagsRepository,
    private readonly activities: LeadActivityRepository,
    private readonly router: LeadRouter,
    private readonly liveEvents: LiveEventsService,
    private readonly contactRules: ImportContactRules,
    private readonly importNotes: ImportNotes,
    private readonly erasedPeople: ErasedPeople,
    private readonly possibleDuplicates: PossibleDuplicates,
    private readonly consents: ConsentsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.limits = importLimitsOf(config);
  }

  /** `fileName` names the file in the evidence of the consents its rows record. */
  async importFile(file: Buffer, options: ImportOptions, actorId: string | null = null, fileName = 'leads.csv'): Promise<ImportSummary> {
    const opened = await this.openFile(file, options);
    const plan = options.dryRun ? new ImportPlan(options) : undefined;
    const summary = await this.run(opened, (rows) => (plan ? this.planBatch(rows, plan) : this.applyBatch(rows, options, actorId, fileName)));
    this.logger.log(
      { ...summary, errors: summary.errors.length, dryRun: options.dryRun, dedupe: options.dedupe, onMatch: options.onMatch },
      options.dryRun ? 'Leads import dry run' : 'Leads imported',
    );
    return summary;
  }

  /**
   * How the file was read, its columns with what the file suggests and the mapping chose,
   * its first rows read as the import reads them, and a dry run of the whole file: its
   * counts, its first rows that match a lead with each field they change or keep
   * (listMatches), and its first rows flagged as possible duplicates.
   */
  async preview(file: Buffer, options: ImportOptions): Promise<ImportPreview> {
    const opened = await this.openFile(file, options);
    const rows: ImportPreview['rows'] = [];
    for await (const record of opened.table.records) {
      const row = readImportRow(record, opened.columns, this.reading(opened.names), true);
      rows.push({ line: row.line, cells: row.cells ?? [] });
      if (rows.length === IMPORT_PREVIEW_ROWS) break;
    }
    const plan = new ImportPlan(options);
    const outcome = await this.run(await this.openFile(file, options), (batch) => this.planBatch(batch, plan));
    return {
      file: opened.table.reading,
      knownExport: opened.knownExport,
      columns: opened.columns.map(({ header, suggested, target, sample }) => ({
        header,
        suggested: suggested?.target ?? IGNORE_COLUMN,
        suggestedFrom: suggested?.from ?? null,
        mapped: target ?? null,
        sample,
      })),
      rows,
      dedupe: options.dedupe,
      onMatch: options.onMatch,
      outcome,
      matches: await this.listMatches(file, options, plan),
      duplicates: plan.duplicates,
    };
  }

  /**
   * The file as a table, its columns understood (importColumns), the pipeline's stages and
   * the staff read to resolve names; a 400 for a file or mapping that cannot be read, or a
   * file over the import's limits (every reading of it: the preview's, the import's, a
   * job's when it is made and whenever a process opens it again).
   */
  async openFile(file: Buffer, options: ImportOptions): Promise<OpenedFile> {
    const read = await readImportTable(file, this.limits);
    if (!read.ok) throw new InvalidFieldsException(read.errors);
    const columns = importColumns(read.table, this.config.DEFAULT_PHONE_REGION, options.mapping);
    if (!columns.ok) throw new InvalidFieldsException(columns.errors);
    const [stages, staff] = await Promise.all([this.stages.list(), this.staff.list()]);
    return { table: read.table, ...columns.value, names: new ImportNames(stages, staff) };
  }

  private reading(names: ImportNames) {
    return { timeZone: this.config.APP_TIME_ZONE, names };
  }

  /** Every row of the file read and checked; the valid ones decided (dry run) or written by `apply`, a batch at a time. */
  private async run(opened: OpenedFile, apply: (batch: ImportRow[]) => Promise<ImportBatchOutcome>): Promise<ImportSummary> {
    const summary: ImportSummary = { created: 0, updated: 0, possibleDuplicates: 0, skipped: 0, errors: [] };
    let batch: ImportRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const outcome = await apply(batch);
      summary.created += outcome.created;
      summary.updated += outcome.updated;
      summary.possibleDuplicates += outcome.possibleDuplicates;
      batch = [];
    };
    for await (const record of opened.table.records) {
      const row = this.readRecord(record, opened);
      if (!row.ok) {
        summary.skipped += 1;
        summary.errors.push(...row.errors.map((error) => ({ line: record.line, ...error })));
        continue;
      }
      batch.push(row.value);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
    await flush();
    return summary;
  }

  /**
   * What the dry run's first matching rows change, read once it has decided every row: the
   * file again up to the last row needed (those rows, and the rows that create the leads
   * they meet), the stored leads they meet and those leads' consents; at most
   * IMPORT_PREVIEW_MATCHES of each, so a dry run keeps no more of a lead than who it is.
   */
  private async listMatches(file: Buffer, options: ImportOptions, plan: ImportPlan): Promise<ImportPreview['matches']> {
    if (plan.matched.length === 0) return [];
    const lines = new Set(plan.matched.flatMap(({ line, leadId }) => [line, plan.createdAtLine.get(leadId) ?? line]));
    const last = Math.max(...lines);
    const opened = await this.openFile(file, options);
    const rows = new Map<number, ImportRow>();
    for await (const record of opened.table.records) {
      const read = lines.has(record.line) ? this.readRecord(record, opened) : undefined;
      if (read?.ok) rows.set(record.line, read.value);
      if (record.line >= last) break;
    }
    const storedIds = [...new Set(plan.matched.map(({ leadId }) => leadId))].filter((id) => !plan.createdAtLine.has(id));
    const [stored, consents, whatsappOptIns, entryStageId] = await Promise.all([
      this.leads.findIdentities({ ids: storedIds, emailKeys: [], phones: [] }),
      this.consents.statesOf(storedIds),
      this.consents.statesOf(storedIds, undefined, 'whatsapp'),
      this.stages.entryStageId(),
    ]);
    const source = { rows, stored: new Map(stored.map((lead) => [lead.id, lead])), consents: { consent: consents, whatsappOptIn: whatsappOptIns } };
    return listedMatches(plan, source, { entryStageId, names: opened.names, onMatch: options.onMatch, now: new Date() });
  }

  /** One record of an opened file as the import writes it, or the errors that skip it. */
  readRecord(record: TableRecord, { columns, names }: OpenedFile): ReadRecord {
    const row = readImportRow(record, columns, this.reading(names));
    const parsed = parseLeadInput(row.input, this.config.DEFAULT_PHONE_REGION);
    const errors = [...row.errors, ...(parsed.ok ? [] : parsed.errors)];
    if (errors.length > 0 || !parsed.ok) return { ok: false, errors };
    const { line, id, createdAt, stage, lostReason, owner, tags, addedTags, contact, note } = row;
    return { ok: true, value: { line, lead: parsed.value, id, createdAt, stage, lostReason, owner, tags, addedTags, contact, note } };
  }

  /**
   * What a batch would do, decided as applyBatch decides it, writing nothing: the leads it
   * may be about are read (no lock: nothing is written) into `plan`, which remembers who
   * the leads earlier batches would have created or changed are.
   */
  async planBatch(rows: ImportRow[], plan: ImportPlan): Promise<ImportBatchOutcome> {
    const people = rows.map(personOf);
    plan.meet(await this.leads.findIdentities(identityKeys(people)));
    const outcome: ImportBatchOutcome = { created: 0, updated: 0, possibleDuplicates: 0 };
    const now = new Date();
    for (const [index, row] of rows.entries()) outcome[plan.decide(row, people[index], now)] += 1;
    return outcome;
  }

  /**
   * Writes one batch of valid rows in one transaction: each row updates the same person
   * (`dedupe`) as `onMatch` says, or creates a lead (flagged as a possible duplicate of the
   * lead whose phone or email it gives under another name), with its stage, owner and tags;
   * new leads the file gives no owner are routed by round-robin; every lead written gets its
   * activity entries, one per field changed. New leads are built in memory (a later row of
   * the batch about the same person changes them there) and inserted together, with their
   * tags, in a few set-based statements.
   */
  async applyBatch(rows: ImportRow[], matching: ImportMatching, actorId: string | null, fileName = 'leads.csv'): Promise<ImportBatchOutcome> {
    const { signals, ...outcome } = await this.leads.transaction((db) => this.writeBatch(rows, matching, actorId, fileName, db));
    await this.liveEvents.publishAll(signals);
    return outcome;
  }

  /**
   * applyBatch's writes inside the caller's transaction `db` (an import job's step, which
   * moves its cursor in the same transaction); the live events to publish once it commits.
   */
  async writeBatch(rows: ImportRow[], { dedupe, onMatch }: ImportMatching, actorId: string | null, fileName: string, db: TransactionClient): Promise<ImportBatchOutcome & { signals: LiveEventSignal[] }> {
    const now = new Date();
    const newLeads = new Map<string, Lead>();
    let updated = 0;
    const signals: LiveEventSignal[] = [];
    const people = rows.map(personOf);
    const duplicates: FoundDuplicate[] = [];
    // As the webhook does: no caller's report creates a second lead for a person this batch is creating.
    await this.leads.lockIdentities(people, db);
    const known = await this.leads.findIdentities(identityKeys(people), db);
    const entryStageId = await this.stages.entryStageId(db);
    const stageNames = new Map((await this.stages.list(db)).map((stage) => [stage.id, named(stage)]));
    const identities = new LeadIdentities(known);
    // Each stored lead as the batch last left it: what the next row's changes are told against.
    const current = new Map(known.map((lead) => [lead.id, lead]));
    const ownerNames = new Map<string, { id: string; name: string } | null>();
    const entries: NewActivity[] = [];
    const contacts: ImportedContact[] = [];
    const notes: ImportedNote[] = [];
    for (const [index, row] of rows.entries()) {
      const match = identities.match(people[index], dedupe);
      const same = match?.kind === 'same' ? match.lead : undefined;
      if (row.contact) contacts.push({ leadId: same?.id ?? '', line: row.line, ...row.contact });
      if (!same) {
        const lead = importedLead(row, row.id ?? newRowId(), entryStageId, now);
        newLeads.set(lead.id, lead);
        if (row.contact) contacts.at(-1)!.leadId = lead.id;
        if (row.note) notes.push({ leadId: lead.id, body: row.note });
        entries.push(activity(lead.id, 'imported', { line: row.line, outcome: 'created' }, actorId));
        // A lead the file gives an owner keeps it: round-robin routes only the others.
        if (row.owner) entries.push(activity(lead.id, 'assigned', { from: null, to: named(row.owner), by: 'import' }, actorId));
        identities.add(lead);
        // A row with another name over a stored lead's phone or email is that lead's possible duplicate, never an update of it.
        if (match?.kind === 'possible-duplicate') duplicates.push({ leadId: lead.id, otherLeadId: match.lead.id, reason: match.reason });
        signals.push({ type: 'lead.created', id: lead.id });
        continue;
      }
      const pending = newLeads.get(same.id);
      const was = pending ?? current.get(same.id)!;
      const { columns, pipeline } = matchedRowWrite(was, row, onMatch);
      entries.push(
        activity(same.id, 'imported', { line: row.line, outcome: 'updated' }, actorId),
        ...leadFieldChanges(leadColumnsOf(was), columns).map((change) => activity(same.id, 'updated', change, actorId)),
      );
      // The stage, or the reason of the lost stage the lead stays in, as an edit records it.
      if (pipeline.lostReason !== undefined) entries.push(activity(same.id, 'stage_changed', { from: stageNames.get(was.stageId)!, to: named(row.stage!), lostReason: pipeline.lostReason ?? null }, actorId));
      if (pipeline.ownerId) {
        const from = was.ownerId ? await this.ownerName(was.ownerId, ownerNames) : null;
        entries.push(activity(same.id, 'assigned', { from, to: named(row.owner!), by: 'import' }, actorId));
      }
      if (pipeline.tags) entries.push(activity(same.id, 'tags_changed', tagChanges(tagsFromColumn(was.tags), tagsFromColumn(pipeline.tags)), actorId));
      if (row.note) notes.push({ leadId: same.id, body: row.note });
      if (pending) {
        // Not written yet: the insert writes it as the batch leaves it, the change counted in its version as a write would be.
        newLeads.set(same.id, { ...pending, ...columns, ...pipeline, version: pending.version + 1 });
      } else {
        const lead = await this.leads.update(same.id, { ...columns, ...pipeline }, db);
        if (pipeline.tags) await this.tags.replace(lead.id, tagsFromColumn(pipeline.tags), db);
        current.set(lead.id, lead);
        signals.push({ type: 'lead.updated', id: same.id, formerOwnerId: was.ownerId });
      }
      identities.update(same.id, columns);
      updated += 1;
    }
    const created = [...newLeads.values()];
    await this.leads.createMany(created, db);
    // A person erased before who comes back in a file is flagged to staff, not silently rebuilt.
    entries.push(...(await this.erasedPeople.flagNewLeads(created, db, now)));
    await this.tags.addToNewLeads(created.map((lead) => ({ leadId: lead.id, tags: tagsFromColumn(lead.tags) })), db);
    // Routed once the batch knows its new leads: the routing lock is held for the rest of the transaction only.
    const unrouted = created.filter((lead) => lead.ownerId === null);
    const owners = await this.router.ownersFor(unrouted.length, db);
    const routed = unrouted.map((lead, index) => ({ id: lead.id, owner: owners[index] }));
    await this.leads.assignOwners(routed.map(({ id, owner }) => ({ id, ownerId: owner?.id ?? null })), db);
    entries.push(...(await this.possibleDuplicates.record(duplicates, created, actorId, db, now)));
    // After the inserts: a consent and Do Not Call belong to a stored lead.
    entries.push(...(await this.contactRules.apply(contacts, fileName, onMatch, actorId, db)));
    entries.push(...(await this.importNotes.add(notes, actorId, db)));
    await this.activities.append([...entries, ...routingActivity(routed)], db);
    return { created: created.length - duplicates.length, updated, possibleDuplicates: duplicates.length, signals };
  }

  private async ownerName(id: string, cache: Map<string, { id: string; name: string } | null>) {
    if (!cache.has(id)) {
      const member = await this.staff.findById(id);
      cache.set(id, member && named(member));
    }
    return cache.get(id) ?? null;
  }
}

/** Who a row says it is: the identity rule's record. */
function personOf(row: ImportRow): PersonKey {
  return { id: row.id, email: row.lead.email, phone: row.lead.phone, name: row.lead.name };
}

function named({ id, name }: { id: string; name: string }) {
  return { id, name };
}
