import { MAX_TAGS_PER_LEAD, tagKey } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../../activity/activity-entry';

interface Named {
  id: string;
  name: string;
}

/** A bulk action with what it names read from the database (a stage's name and kind, an owner's name). */
export type ResolvedBulkAction =
  | { type: 'assign'; owner: Named | null }
  | { type: 'stage'; stage: Named & { kind: string }; lostReason: string | null }
  | { type: 'addTags'; tags: string[] }
  | { type: 'removeTags'; tags: string[] }
  | { type: 'archive' }
  | { type: 'unarchive' };

/** A lead as a bulk action reads it. */
export interface BulkTarget {
  id: string;
  stage: Named;
  owner: Named | null;
  lostReason: string | null;
  archived: boolean;
  tags: string[];
}

/** What the action does to one lead: nothing (already so), a refusal, or a change with its activity entry. */
export type BulkLeadChange =
  | { kind: 'skipped' }
  | { kind: 'refused'; message: string }
  | { kind: 'changed'; entry: NewActivity; tags?: { after: string[]; added: string[]; removed: string[] } };

/**
 * The one decision of a bulk action per lead, the same as the single edit's (PATCH, PUT
 * tags, archive): a lead already in the wanted state is skipped and gets no entry.
 */
export function bulkLeadChange(action: ResolvedBulkAction, lead: BulkTarget, actorId: string | null): BulkLeadChange {
  switch (action.type) {
    case 'assign': {
      if ((action.owner?.id ?? null) === (lead.owner?.id ?? null)) return { kind: 'skipped' };
      return { kind: 'changed', entry: activity(lead.id, 'assigned', { from: lead.owner, to: action.owner, by: 'staff' }, actorId) };
    }
    case 'stage': {
      if (action.stage.id === lead.stage.id && action.lostReason === lead.lostReason) return { kind: 'skipped' };
      const to = { id: action.stage.id, name: action.stage.name };
      return { kind: 'changed', entry: activity(lead.id, 'stage_changed', { from: lead.stage, to, lostReason: action.lostReason }, actorId) };
    }
    case 'addTags': {
      const carried = new Set(lead.tags.map(tagKey));
      const added = action.tags.filter((tag) => !carried.has(tagKey(tag)));
      if (added.length === 0) return { kind: 'skipped' };
      const after = [...lead.tags, ...added];
      if (after.length > MAX_TAGS_PER_LEAD) return { kind: 'refused', message: `would carry more than ${MAX_TAGS_PER_LEAD} tags` };
      return { kind: 'changed', entry: activity(lead.id, 'tags_changed', { added, removed: [] }, actorId), tags: { after, added, removed: [] } };
    }
    case 'removeTags': {
      const removing = new Set(action.tags.map(tagKey));
      const removed = lead.tags.filter((tag) => removing.has(tagKey(tag)));
      if (removed.length === 0) return { kind: 'skipped' };
      const after = lead.tags.filter((tag) => !removing.has(tagKey(tag)));
      return { kind: 'changed', entry: activity(lead.id, 'tags_changed', { added: [], removed }, actorId), tags: { after, added: [], removed } };
    }
    case 'archive':
    case 'unarchive': {
      if (lead.archived === (action.type === 'archive')) return { kind: 'skipped' };
      return { kind: 'changed', entry: activity(lead.id, action.type === 'archive' ? 'archived' : 'unarchived', {}, actorId) };
    }
  }
}
