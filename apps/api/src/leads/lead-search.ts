import { phoneSearchText } from '@lead-desk/contracts';
import type { SearchTarget, TextSearch } from '../database/database-dialect';

/** Name, email and location, and the index each database keeps for them (search-index.sql). */
const LEAD_TEXT: TextSearch = { columns: ['name', 'email', 'location'], ftsTable: 'leads_search', ftsTokens: 'trigrams' };
/** The phone, stored E.164 (`+919845012345`), and its own index (search-index.sql). */
const LEAD_PHONE: TextSearch = { columns: ['phone'], ftsTable: 'leads_phone_search', ftsTokens: 'digit grams' };

/**
 * What the list's `q` finds: leads whose name, email or location contains the term as typed,
 * and, when the term is written as a phone number (`98450`, `098450 12345`, `+91 98450-12345`),
 * also the leads whose phone holds its digits. Lists, counts, the export, saved views and bulk
 * selections all search through this.
 */
export function leadSearchTargets(q: string): SearchTarget[] {
  const text = { search: LEAD_TEXT, term: q };
  const phone = phoneSearchText(q);
  return phone === null ? [text] : [text, { search: LEAD_PHONE, term: phone, indexed: phoneIndexPart(phone) }];
}

/**
 * The part of a phone search its index is asked for: without a leading `+` and the two digits
 * after it, and at most the last ten digits. A country code's trigrams (`+91`, `919`) are in
 * nearly every stored number, and reading them was most of a lookup (at a million leads on
 * PostgreSQL, 28 ms for `+919342894682`, 5 ms for `9342894682`). Undefined when the index is
 * best asked for the whole term.
 */
function phoneIndexPart(phone: string): string | undefined {
  const part = (phone.startsWith('+') ? phone.slice(3) : phone).slice(-10);
  return part !== phone && part.length >= 3 ? part : undefined;
}
