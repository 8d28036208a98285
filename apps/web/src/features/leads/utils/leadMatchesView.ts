import { phoneSearchText, sourceKey, type Lead } from '@lead-desk/contracts';
import type { LeadView } from '../types';

/**
 * Whether the server would list `lead` in `view`: the same filters (archived leads never,
 * as lists leave them out) and the search over name, email and location, and over the phone
 * by its digits for a term written as a phone number (the contracts' rule). `viewerId` is
 * who `owner=me` means (null in open mode, where no list asks for it).
 */
export function leadMatchesView(lead: Lead, view: LeadView, viewerId: string | null = null): boolean {
  if (lead.archived) return false;
  if (view.status === 'qualified' && !lead.qualified) return false;
  if (view.status === 'unqualified' && lead.qualified) return false;
  if (view.stage && lead.stage.id !== view.stage) return false;
  if (view.owner && (lead.owner?.id ?? null) !== ownerIdOf(view.owner, viewerId)) return false;
  if (view.tags?.some((wanted) => !lead.tags.some((tag) => sameTag(tag, wanted)))) return false;
  if (view.source && sourceKey(lead.source) !== sourceKey(view.source)) return false;
  if (view.createdFrom || view.createdTo) {
    const day = localDayOf(lead.createdAt);
    if ((view.createdFrom && day < view.createdFrom) || (view.createdTo && day > view.createdTo)) return false;
  }
  const term = view.q.trim().toLocaleLowerCase();
  if (!term) return true;
  const phone = phoneSearchText(term);
  return [lead.name, lead.email, lead.location].some((field) => field?.toLocaleLowerCase().includes(term)) || (phone !== null && !!lead.phone?.includes(phone));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the browser's time zone, as the list's `tz` asks the server. */
function localDayOf(instant: string): string {
  const at = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

function ownerIdOf(owner: string, viewerId: string | null): string | null {
  if (owner === 'none') return null;
  return owner === 'me' ? viewerId : owner;
}

/**
 * The contracts' tagKey rule (case and surrounding spaces do not count), spelled out here:
 * importing it would bring the contracts' zod schemas into the page's first download.
 */
function sameTag(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
