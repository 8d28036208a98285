// Which leads a bulk action would touch, as a pure reducer: leads picked one by one (ids),
// or every lead the list's filter matches (the filter itself, not the ids of what is loaded).

/** nothing: no bar; ids: picked one by one; matching: all `total` leads the filter selects. */
export type BulkSelection =
  | { kind: 'nothing'; viewKey: string; clearedByFilter: boolean }
  | { kind: 'ids'; viewKey: string; ids: ReadonlySet<string> }
  | { kind: 'matching'; viewKey: string; total: number };

export type BulkSelectionEvent =
  | { type: 'TOGGLE'; id: string }
  | { type: 'SELECT_ALL_MATCHING'; total: number }
  | { type: 'CLEAR' }
  /** The list's filter or search changed: what was selected no longer describes what is shown. */
  | { type: 'VIEW_CHANGED'; viewKey: string };

export function emptySelection(viewKey: string): BulkSelection {
  return { kind: 'nothing', viewKey, clearedByFilter: false };
}

export function bulkSelectionReducer(state: BulkSelection, event: BulkSelectionEvent): BulkSelection {
  switch (event.type) {
    case 'TOGGLE': {
      // Everything matching is already in; one lead cannot be taken out of a filter.
      if (state.kind === 'matching') return state;
      const ids = new Set(state.kind === 'ids' ? state.ids : []);
      if (ids.has(event.id)) ids.delete(event.id);
      else ids.add(event.id);
      return ids.size === 0 ? emptySelection(state.viewKey) : { kind: 'ids', viewKey: state.viewKey, ids };
    }
    case 'SELECT_ALL_MATCHING':
      return event.total > 0 ? { kind: 'matching', viewKey: state.viewKey, total: event.total } : state;
    case 'CLEAR':
      return emptySelection(state.viewKey);
    case 'VIEW_CHANGED':
      if (event.viewKey === state.viewKey) return state;
      return { kind: 'nothing', viewKey: event.viewKey, clearedByFilter: state.kind !== 'nothing' };
  }
}

/** How many leads the selection holds. */
export function selectedCount(selection: BulkSelection): number {
  if (selection.kind === 'ids') return selection.ids.size;
  if (selection.kind === 'matching') return selection.total;
  return 0;
}

export function isLeadSelected(selection: BulkSelection, id: string): boolean {
  if (selection.kind === 'ids') return selection.ids.has(id);
  return selection.kind === 'matching';
}
