import type { DroppedFilter, LeadFilter, SavedViewFilter } from '@lead-desk/contracts';

/** What the database can tell about the things a view's filter names. */
export interface FilterTargets {
  /** Whether a stage exists and is on the board (not archived). */
  stageOnBoard(id: string): Promise<boolean>;
  staffExists(id: string): Promise<boolean>;
  /** Of these tag keys, those some lead carries. */
  tagsInUse(keys: string[]): Promise<Set<string>>;
}

/**
 * A saved filter as it still applies: each stage, member of staff or tag it names that no
 * longer exists is left out and listed as dropped, so the view still opens and says so.
 * `owner: me` is dropped where nobody is signed in (open mode).
 */
export async function stillApplying(
  filter: SavedViewFilter,
  signedIn: boolean,
  targets: FilterTargets,
): Promise<{ filter: SavedViewFilter; dropped: DroppedFilter[] }> {
  const applying: SavedViewFilter = { ...filter };
  const dropped: DroppedFilter[] = [];
  if (filter.stage && !(await targets.stageOnBoard(filter.stage))) {
    dropped.push({ field: 'stage', value: filter.stage });
    delete applying.stage;
  }
  const owner = filter.owner;
  if (owner && (owner === 'me' ? !signedIn : owner !== 'none' && !(await targets.staffExists(owner)))) {
    dropped.push({ field: 'owner', value: owner });
    delete applying.owner;
  }
  if (filter.tag?.length) {
    const inUse = await targets.tagsInUse(filter.tag);
    applying.tag = filter.tag.filter((key) => inUse.has(key));
    dropped.push(...filter.tag.filter((key) => !inUse.has(key)).map((value) => ({ field: 'tag' as const, value })));
  }
  return { filter: applying, dropped };
}

/** The list's filter a saved one selects. */
export function asLeadFilter(filter: SavedViewFilter): LeadFilter {
  const { status, q, stage, owner, tag, source, createdFrom, createdTo, archived } = filter;
  return { status, q, stage, owner, tag, source, createdFrom, createdTo, archived };
}
