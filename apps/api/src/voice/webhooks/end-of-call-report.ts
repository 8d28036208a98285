import type { FieldError } from '../../common/field-errors';
import { booleanLike } from '../../leads/boolean-words';
import { parseLeadInput, type ValidLead } from '../../leads/inputs/lead-input';
import { toLeadChanges } from '../../leads/lead-write';
import type { LeadColumns } from '../../leads/lead-columns';
import { normalizePhoneNumber } from '../../leads/phone-number';
import type { CallColumns } from '../calls/calls.repository';
import { valueOf, type ReportedLeadField } from './reported-lead-fields';
import { leadDataOf, resultsByName, structuredOutputsOf } from './structured-outputs';
import type { EndOfCallReport, VapiCall } from './vapi-message';

export const UNKNOWN_CALLER = 'Unknown caller';

/**
 * What a conversation's report is read for, whether a call's end-of-call report or a chat's
 * session: the structured outputs and what was said (artifact), the older analysis, the customer.
 */
export type ConversationReport = Pick<EndOfCallReport, 'artifact' | 'analysis' | 'customer' | 'transcript'> & { call?: Pick<VapiCall, 'customer'> | null };

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

/** The caller's number: from the call, else from the message. */
export function customerNumberOf(message: { call?: { customer?: { number?: string } } | null; customer?: { number?: string } }): string | undefined {
  return message.call?.customer?.number ?? message.customer?.number;
}

/** How reports are read: the region of national numbers, and where qualification may come from. */
export interface ReportReading {
  phoneRegion: string;
  /** `successEvaluation`: a report without an explicit qualification takes Vapi's pass/fail of the call as one. */
  qualifiedFrom: 'explicit' | 'successEvaluation';
}

const budgetOf = (value: unknown) => (typeof value === 'number' ? value : text(value));

/**
 * The lead a report describes. Each field comes from the first place that gives it: the
 * structured outputs, then the analysis' structured data (assistants still on the older
 * analysis plan), then the call's customer. `qualified` only from an explicit value (Vapi's
 * success evaluation judges the call, not the buyer) unless VAPI_QUALIFIED_FROM says
 * otherwise. The agent's extraction can be wrong: a field that fails validation is dropped
 * (a wrong phone falls back to the number that called), never the lead.
 */
export function leadFromReport(report: ConversationReport, { phoneRegion, qualifiedFrom }: ReportReading): ReportedLead {
  const sources = [...leadDataOf(structuredOutputsOf(report.artifact?.structuredOutputs)), report.analysis?.structuredData ?? {}];
  const reported = <T>(field: ReportedLeadField, read: (value: unknown) => T | undefined): T | undefined => {
    for (const source of sources) {
      const value = read(valueOf(source, field));
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const callerNumber = customerNumberOf(report);
  const givenName = reported('name', text) ?? text(report.call?.customer?.name) ?? text(report.customer?.name);
  const explicitlyQualified = reported('qualified', booleanLike);
  const qualified = qualifiedFrom === 'successEvaluation' ? (explicitlyQualified ?? booleanLike(report.analysis?.successEvaluation)) : explicitlyQualified;
  const raw: Record<string, unknown> = {
    name: givenName ?? UNKNOWN_CALLER,
    email: reported('email', text),
    phone: reported('phone', text) ?? callerNumber,
    location: reported('location', text),
    interestedIn: reported('interestedIn', text),
    budget: reported('budget', budgetOf),
    timeline: reported('timeline', text),
    loan_needed: reported('loan_needed', booleanLike),
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
    structuredOutputs: json(resultsByName(structuredOutputsOf(artifact?.structuredOutputs))),
    successEvaluation: successEvaluationText(report.analysis?.successEvaluation),
  };
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Vapi's verdict as text ("true", "8", "Pass"), whatever rubric produced it. */
function successEvaluationText(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  // PostgreSQL cannot store NUL.
  return typeof value === 'string' && value.trim() ? value.replaceAll('\u0000', '') : null;
}

function date(value: string | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
