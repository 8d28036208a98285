import { randomUUID } from 'node:crypto';
import type { DuplicateReason } from '@lead-desk/contracts';
import { duplicatePairKey } from '../../apps/api/src/leads/duplicates/duplicate-pair';
import type { GeneratedActivity, GeneratedLead } from './lead-generator';

/** One lead in 47 (about 2%) is a possible duplicate of a lead written before it. */
const FLAGGED_EVERY = 47;
const FLAGGED_AT = 13;
/** How many leads back (older: lead `i` is newer than lead `i + 1`) the lead it may be is: owners differ, as round-robin makes them. */
const OTHER_OFFSET = 3;
/** Half share a phone, a fifth an email, a tenth a Gmail variant of one, a fifth a close name in the same city. */
const REASONS: DuplicateReason[] = ['same_phone', 'same_phone', 'same_phone', 'same_phone', 'same_phone', 'same_email', 'same_email', 'gmail_variant', 'close_name_same_location', 'close_name_same_location'];
/** About one pair in six was dismissed by staff ("not the same person"). */
const DISMISSED_EVERY = 6;

/** Lead `i` of a data set of `count` as a possible duplicate: of which lead, why, and whether staff dismissed the pair. */
export interface PlannedDuplicate {
  otherIndex: number;
  reason: DuplicateReason;
  dismissed: boolean;
}

export function plannedDuplicate(i: number, count: number): PlannedDuplicate | null {
  if (i % FLAGGED_EVERY !== FLAGGED_AT || i + OTHER_OFFSET >= count) return null;
  const n = Math.floor(i / FLAGGED_EVERY);
  return { otherIndex: i + OTHER_OFFSET, reason: REASONS[n % REASONS.length], dismissed: n % DISMISSED_EVERY === DISMISSED_EVERY - 1 };
}

/** The lead that lead `j` may be a duplicate of (its plan names `j`), if any. */
export function flaggedIndexOf(j: number, count: number): number | null {
  const i = j - OTHER_OFFSET;
  return i >= 0 && plannedDuplicate(i, count) ? i : null;
}

export interface GeneratedDuplicate {
  id: string;
  leadId: string;
  otherLeadId: string;
  reason: DuplicateReason;
  pairKey: string;
  detectedAt: Date;
  dismissedAt: Date | null;
  dismissedById: string | null;
}

/** The pair as the app stores it when the later lead is written (and its dismissal, a day later, by `dismissedById`). */
export function generatedDuplicate(flagged: GeneratedLead, other: GeneratedLead, plan: PlannedDuplicate, dismissedById: string, now: number): GeneratedDuplicate {
  const dismissedAt = plan.dismissed ? new Date(Math.min(now, flagged.createdAt.getTime() + 86_400_000)) : null;
  return {
    id: randomUUID(),
    leadId: flagged.id,
    otherLeadId: other.id,
    reason: plan.reason,
    pairKey: duplicatePairKey(flagged.id, other.id),
    detectedAt: flagged.createdAt,
    dismissedAt,
    dismissedById: dismissedAt && dismissedById,
  };
}

/** The `possible_duplicate` entry the app writes on the flagged lead's timeline with the pair. */
export function generatedDuplicateActivity(pair: GeneratedDuplicate): GeneratedActivity {
  const data = { pairId: pair.id, otherLeadId: pair.otherLeadId, reason: pair.reason };
  return { id: randomUUID(), leadId: pair.leadId, type: 'possible_duplicate', actorId: null, at: pair.detectedAt, data: JSON.stringify(data) };
}
