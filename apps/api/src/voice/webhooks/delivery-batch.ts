import type { Call, Lead } from '../../database/models';
import type { Arrival } from '../../leads/leads.repository';
import { newRowId } from '../../database/row-id';
import type { LiveEventSignal } from '../../events/live-event';
import { toLeadWrite } from '../../leads/lead-write';
import { LeadIdentities, type LeadIdentity } from '../../leads/lead-identity';
import type { LeadColumns } from '../../leads/lead-columns';
import { columnsBesideFields } from '../../leads/lead-field-changes';
import { freshLead } from '../../leads/fresh-lead';
import { VOICE_BOT_SOURCE } from '../../leads/lead-sources';
import type { FoundDuplicate } from '../../leads/duplicates/duplicate-pair';
import { laterStatus } from '../calls/call-status';
import type { CallColumns } from '../calls/calls.repository';
import { changesFromCall, customerNumberOf, type ReportedCall, type ReportedLead } from './end-of-call-report';
import { leadIdOf, type EndOfCallReport, type StatusUpdate } from './vapi-message';

/** What a batch of deliveries writes, each kind in as few statements as the repositories can. */
export interface BatchWrites {
  /** With when each arrived: the start of the call that made it (the caller reached us then). */
  newLeads: (Lead & Arrival)[];
  /** Changed columns of leads that were stored before the batch, by lead id. */
  leadChanges: Map<string, LeadColumns>;
  /** Every call record the batch touched, whole. */
  calls: Call[];
  /** New leads of callers who gave another name than the lead with their phone or email: possible duplicates of it. */
  duplicates: FoundDuplicate[];
  /** The time the batch's writes carry. */
  now: Date;
}

/** What the stored records a batch reads carry from before it. */
export interface BatchHistory {
  /** Calls whose end-of-call report was processed already (WebhookInboxRepository.reportedCalls). */
  reportedCalls: ReadonlySet<string>;
  /** By lead id, the fields staff changed last (LeadActivityRepository.fieldsStaffEditedLast). */
  staffEditedFields: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Applies the voice platform's messages, in arrival order, to the call records and
 * leads a batch can touch, in memory: each message sees what the ones before it did,
 * exactly as if each were processed by itself, so duplicates of one call and several
 * calls of one new caller in one batch resolve to one call record and one lead. The
 * caller loads what the batch needs first (`storedCalls`: the records of the batch's
 * call ids; `knownLeads`: every lead with an id, email or phone the batch mentions,
 * including the leads of the stored calls; `history`) while holding their locks, and
 * writes `writes()` in the same transaction.
 */
export class DeliveryBatch {
  private readonly calls: Map<string, Call>;
  private readonly leads: LeadIdentities;
  private readonly newLeads = new Map<string, Lead & Arrival>();
  private readonly leadChanges = new Map<string, LeadColumns>();
  private readonly touchedCalls = new Set<Call>();
  private readonly duplicates: FoundDuplicate[] = [];
  private readonly signals: LiveEventSignal[] = [];
  private readonly reportedCalls: Set<string>;

  constructor(
    storedCalls: Call[],
    knownLeads: LeadIdentity[],
    private readonly now: Date,
    /** Where the batch's new leads start (StagesRepository.entryStageId). */
    private readonly entryStageId: string,
    private readonly history: BatchHistory,
  ) {
    this.calls = new Map(storedCalls.map((call) => [call.vapiCallId, { ...call }]));
    this.leads = new LeadIdentities(knownLeads);
    this.reportedCalls = new Set(history.reportedCalls);
  }

  /**
   * An end-of-call-report: one call record per call, and the caller's lead created or
   * updated. A caller who gives another name than the lead with their phone or email gets
   * a lead of their own, flagged as a possible duplicate of that one (LeadIdentities' rule).
   * A report of a call reported before (another delivery of it, a replay) changes no lead:
   * staff, or a later call, may have changed it since. A lead takes from a report only the
   * fields staff did not change last.
   */
  addReport(report: EndOfCallReport, reported: ReportedLead, reportedCall: ReportedCall): void {
    const stored = this.calls.get(report.call.id);
    // A stored call keeps its lead until the caller is resolved below.
    const call = stored ? this.updateCall(stored, reportedCall) : this.createCall(report.call.id, { ...reportedCall, leadId: null });
    const repeated = this.reportedCalls.has(report.call.id);
    this.reportedCalls.add(report.call.id);
    const { lead } = reported;
    const ofCall = call.leadId ? this.leads.get(call.leadId) : undefined;
    if (repeated && ofCall) {
      this.signals.push({ type: 'call.updated', id: call.id });
      return;
    }
    const match = ofCall
      ? ({ kind: 'same', lead: ofCall } as const)
      : this.leads.match({ id: leadIdOf(report.call), email: lead.email, phone: lead.phone, name: reported.nameKnown ? lead.name : null });
    if (match?.kind === 'same') {
      call.leadId = this.updateLead(match.lead, columnsBesideFields(changesFromCall(reported), this.history.staffEditedFields.get(match.lead.id) ?? new Set()));
    } else {
      call.leadId = this.createLead(reported, reportedCall.startedAt);
      if (match) this.duplicates.push({ leadId: call.leadId, otherLeadId: match.lead.id, reason: match.reason });
    }
    this.signals.push({ type: match?.kind === 'same' ? 'lead.updated' : 'lead.created', id: call.leadId }, { type: 'call.updated', id: call.id });
  }

  /** A status update: the call's status moves on, never back (deliveries arrive out of order). */
  addStatusUpdate(update: StatusUpdate): void {
    const stored = this.calls.get(update.call.id);
    const status = laterStatus(stored?.status, update.status);
    const endedReason = update.endedReason ?? stored?.endedReason ?? null;
    const leadId = leadIdOf(update.call);
    const call = stored
      ? this.updateCall(stored, { status, endedReason })
      : this.createCall(update.call.id, {
          ...NOTHING_REPORTED,
          type: update.call.type ?? null,
          status,
          endedReason,
          customerNumber: customerNumberOf(update) ?? null,
          leadId: (leadId ? this.leads.get(leadId)?.id : undefined) ?? null,
        });
    this.signals.push({ type: 'call.updated', id: call.id });
  }

  /** The changes to announce: each record once, however many deliveries changed it. */
  liveEvents(): LiveEventSignal[] {
    const distinct = new Map<string, LiveEventSignal>();
    for (const signal of this.signals) if (!distinct.has(`${signal.type}:${signal.id}`)) distinct.set(`${signal.type}:${signal.id}`, signal);
    return [...distinct.values()];
  }

  writes(): BatchWrites {
    return {
      newLeads: [...this.newLeads.values()],
      leadChanges: this.leadChanges,
      calls: [...this.touchedCalls],
      duplicates: this.duplicates,
      now: this.now,
    };
  }

  private createCall(vapiCallId: string, columns: CallColumns): Call {
    const call: Call = { id: newRowId(), vapiCallId, ...columns, createdAt: this.now, updatedAt: this.now };
    this.calls.set(vapiCallId, call);
    this.touchedCalls.add(call);
    return call;
  }

  private updateCall(call: Call, changes: Partial<CallColumns>): Call {
    Object.assign(call, changes, { updatedAt: this.now });
    this.touchedCalls.add(call);
    return call;
  }

  private createLead({ lead }: ReportedLead, callStartedAt: Date | null): string {
    const arrivedAt = callStartedAt && callStartedAt < this.now ? callStartedAt : this.now;
    const created: Lead & Arrival = { ...toLeadWrite(lead), ...freshLead(this.entryStageId), source: VOICE_BOT_SOURCE, id: newRowId(), createdAt: this.now, updatedAt: this.now, arrivedAt };
    this.newLeads.set(created.id, created);
    this.leads.add(created);
    return created.id;
  }

  private updateLead(lead: LeadIdentity, changes: LeadColumns): string {
    // The identity moves with the changes: later deliveries find the caller by the new email or phone.
    this.leads.update(lead.id, changes);
    const created = this.newLeads.get(lead.id);
    if (created) Object.assign(created, changes);
    else this.leadChanges.set(lead.id, { ...this.leadChanges.get(lead.id), ...changes });
    return lead.id;
  }
}

/** A call known only from a status update. */
const NOTHING_REPORTED = {
  startedAt: null,
  endedAt: null,
  durationSeconds: null,
  cost: null,
  summary: null,
  transcript: null,
  recordingUrl: null,
  structuredData: null,
  structuredOutputs: null,
  successEvaluation: null,
} satisfies Partial<CallColumns>;
