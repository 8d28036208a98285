import type { FieldError } from '../../common/field-errors';
import { parseLeadInput, type ValidLead } from '../../leads/inputs/lead-input';
import { toLeadChanges } from '../../leads/lead-write';
import type { LeadColumns } from '../../leads/leads.repository';
import { normalizePhoneNumber } from '../../leads/phone-number';
import type { CallColumns } from '../calls/calls.repository';
import type { EndOfCallReport } from './vapi-message';

export const UNKNOWN_CALLER = 'Unknown caller';

/** A lead as a report describes it, and which of its judgements the call actually made. */
export interface ReportedLead {
  lead: ValidLead;
  /** The call learnt a name (otherwise the lead is called UNKNOWN_CALLER). */
  nameKnown: boolean;
  /** The report said whether the caller qualifies (otherwise `qualified` is the default, false). */
  qualifiedKnown: boolean;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;

/** true/false, or the words an analysis model writes for them. */
export function booleanLike(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (['true', 'yes'].includes(word)) return true;
  if (['false', 'no'].includes(word)) return false;
  return undefined;
}

/** The caller's number: from the call, else from the message. */
export function customerNumberOf(message: { call?: { customer?: { number?: string } }; customer?: { number?: string } }): string | undefined {
  return message.call?.customer?.number ?? message.customer?.number;
}

/**
 * The lead a report describes, from the analysis' structured data. The agent's
 * extraction can be wrong: a field that fails validation is dropped (a wrong phone
 * falls back to the number that called), never the lead.
 */
export function leadFromReport(report: EndOfCallReport, phoneRegion: string): ReportedLead {
  const data = report.analysis?.structuredData ?? {};
  const callerNumber = customerNumberOf(report);
  const givenName = text(data.name) ?? text(report.call.customer?.name) ?? text(report.customer?.name);
  const qualified = booleanLike(data.qualified) ?? booleanLike(report.analysis?.successEvaluation);
  const raw: Record<string, unknown> = {
    name: givenName ?? UNKNOWN_CALLER,
    email: text(data.email),
    phone: text(data.phone) ?? callerNumber,
    location: text(data.location),
    interestedIn: text(data.interestedIn ?? data.interested_in),
    budget: typeof data.budget === 'number' ? data.budget : text(data.budget),
    timeline: text(data.timeline),
    loan_needed: booleanLike(data.loan_needed ?? data.loanNeeded),
    qualified: qualified ?? false,
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  for (;;) {
    const parsed = parseLeadInput(raw, phoneRegion);
    if (parsed.ok) {
      return { lead: parsed.value, nameKnown: parsed.value.name !== UNKNOWN_CALLER, qualifiedKnown: qualified !== undefined };
    }
    if (!dropInvalidFields(raw, parsed.errors, callerNumber)) {
      throw new Error(`The report's lead cannot be stored: ${parsed.errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    }
  }
}

/**
 * What a known caller's lead takes from a call: they keep their first source, their
 * name when this call learnt none, and their qualification when this report did not
 * judge it.
 */
export function changesFromCall({ lead, nameKnown, qualifiedKnown }: ReportedLead): LeadColumns {
  const { name, source, qualified, ...changes } = toLeadChanges(lead);
  return { ...changes, ...(nameKnown ? { name } : {}), ...(qualifiedKnown ? { qualified } : {}) };
}

/** Replaces or removes each invalid field; false when nothing could be changed. */
function dropInvalidFields(raw: Record<string, unknown>, errors: FieldError[], callerNumber: string | undefined): boolean {
  let changed = false;
  for (const { field } of errors) {
    if (field === 'name' && raw.name !== UNKNOWN_CALLER) raw.name = UNKNOWN_CALLER;
    else if (field === 'phone' && callerNumber && raw.phone !== callerNumber) raw.phone = callerNumber;
    else if (field in raw && field !== 'name') delete raw[field];
    else continue;
    changed = true;
  }
  return changed;
}

/** What the call record keeps of a report: every column but the lead, which the caller resolves. */
export type ReportedCall = Omit<CallColumns, 'leadId'>;

/** What the call record keeps of a report. */
export function callFromReport(report: EndOfCallReport, phoneRegion: string): ReportedCall {
  const startedAt = date(report.startedAt ?? report.call.startedAt);
  const endedAt = date(report.endedAt ?? report.call.endedAt);
  const number = customerNumberOf(report);
  const artifact = report.artifact;
  return {
    type: report.call.type ?? null,
    status: 'ended',
    endedReason: report.endedReason ?? null,
    customerNumber: number ? (normalizePhoneNumber(number, phoneRegion) ?? number) : null,
    startedAt,
    endedAt,
    durationSeconds: report.durationSeconds ?? (startedAt && endedAt ? (endedAt.getTime() - startedAt.getTime()) / 1000 : null),
    cost: report.cost ?? report.call.cost ?? null,
    summary: report.analysis?.summary ?? report.summary ?? null,
    transcript: artifact?.transcript ?? report.transcript ?? null,
    // The mixed mono track plays in any browser; stereo and the older fields are fallbacks.
    recordingUrl: artifact?.recording?.mono?.combinedUrl ?? artifact?.recording?.stereoUrl ?? artifact?.recordingUrl ?? report.recordingUrl ?? null,
    structuredData: report.analysis?.structuredData ? JSON.stringify(report.analysis.structuredData) : null,
  };
}

function date(value: string | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
