import { isWrittenAsMoney, type ImportField } from '@lead-desk/contracts';
import { z } from 'zod';
import { normalizePhoneNumber } from '../phone-number';

/** What a cell holds, when it is something a lead has and is recognisable without its header. */
export type ValueKind = 'email' | 'phone' | 'money';

const EMAIL = z.email();

/** Tested in this order: a phone number is also a valid amount of rupees, never the other way round. */
export function valueKind(text: string, phoneRegion: string): ValueKind | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (EMAIL.safeParse(trimmed).success) return 'email';
  if (normalizePhoneNumber(trimmed, phoneRegion)) return 'phone';
  if (isWrittenAsMoney(trimmed)) return 'money';
  return undefined;
}

/** "Mostly": four filled cells in five. A column of phones with a few blanks or typos is still a column of phones. */
const MOSTLY = 0.8;

const FIELD_OF_KIND: Record<ValueKind, ImportField> = { email: 'email', phone: 'phone', money: 'budgetInRupees' };

/**
 * What a column's values say it is, when its header does not: mostly emails, mostly phone
 * numbers (read in `phoneRegion`), or mostly amounts written as money (a budget, read in
 * rupees). Undefined when no kind holds most of its filled cells, or none is filled.
 */
export function importFieldByValues(values: string[], phoneRegion: string): ImportField | undefined {
  const filled = values.filter((value) => value.trim() !== '');
  if (filled.length === 0) return undefined;
  const counts = new Map<ValueKind, number>();
  for (const value of filled) {
    const kind = valueKind(value, phoneRegion);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of counts) if (count >= MOSTLY * filled.length) return FIELD_OF_KIND[kind];
  return undefined;
}
