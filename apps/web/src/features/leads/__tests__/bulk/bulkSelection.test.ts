import { describe, expect, it } from 'vitest';
import { bulkSelectionReducer, emptySelection, isLeadSelected, selectedCount, type BulkSelection, type BulkSelectionEvent } from '../../bulkSelection';

const play = (events: BulkSelectionEvent[], start: BulkSelection = emptySelection('view-a')) => events.reduce(bulkSelectionReducer, start);

describe('bulk selection', () => {
  it('picks leads one by one and puts them back', () => {
    const selection = play([
      { type: 'TOGGLE', id: 'l1' },
      { type: 'TOGGLE', id: 'l2' },
      { type: 'TOGGLE', id: 'l3' },
      { type: 'TOGGLE', id: 'l2' },
    ]);
    expect(selection).toEqual({ kind: 'ids', viewKey: 'view-a', ids: new Set(['l1', 'l3']) });
    expect(selectedCount(selection)).toBe(2);
    expect(isLeadSelected(selection, 'l1')).toBe(true);
    expect(isLeadSelected(selection, 'l2')).toBe(false);
  });

  it('is empty again once the last picked lead is put back', () => {
    expect(play([{ type: 'TOGGLE', id: 'l1' }, { type: 'TOGGLE', id: 'l1' }])).toEqual(emptySelection('view-a'));
  });

  it('selects every lead the filter matches as the filter, whatever was loaded or picked', () => {
    const selection = play([{ type: 'TOGGLE', id: 'l1' }, { type: 'SELECT_ALL_MATCHING', total: 2431 }]);
    expect(selection).toEqual({ kind: 'matching', viewKey: 'view-a', total: 2431 });
    expect(selectedCount(selection)).toBe(2431);
    expect(isLeadSelected(selection, 'never-loaded')).toBe(true);
  });

  it('leaves all matching selected when one card is toggled (a filter has no exceptions)', () => {
    const matching = play([{ type: 'SELECT_ALL_MATCHING', total: 40 }]);
    expect(bulkSelectionReducer(matching, { type: 'TOGGLE', id: 'l1' })).toBe(matching);
  });

  it('selects nothing when the filter matches nothing', () => {
    expect(play([{ type: 'SELECT_ALL_MATCHING', total: 0 }])).toEqual(emptySelection('view-a'));
  });

  it('clears on request, without saying the filter did it', () => {
    expect(play([{ type: 'SELECT_ALL_MATCHING', total: 5 }, { type: 'CLEAR' }])).toEqual({ kind: 'nothing', viewKey: 'view-a', clearedByFilter: false });
  });

  it('clears when the filter changes and says so, for picked leads and for all matching alike', () => {
    expect(play([{ type: 'TOGGLE', id: 'l1' }, { type: 'VIEW_CHANGED', viewKey: 'view-b' }])).toEqual({ kind: 'nothing', viewKey: 'view-b', clearedByFilter: true });
    expect(play([{ type: 'SELECT_ALL_MATCHING', total: 9 }, { type: 'VIEW_CHANGED', viewKey: 'view-b' }])).toEqual({ kind: 'nothing', viewKey: 'view-b', clearedByFilter: true });
  });

  it('has nothing to say when the filter changes with nothing selected, and keeps the selection when the view is the same', () => {
    expect(play([{ type: 'VIEW_CHANGED', viewKey: 'view-b' }])).toEqual({ kind: 'nothing', viewKey: 'view-b', clearedByFilter: false });
    const picked = play([{ type: 'TOGGLE', id: 'l1' }]);
    expect(bulkSelectionReducer(picked, { type: 'VIEW_CHANGED', viewKey: 'view-a' })).toBe(picked);
  });

  it('forgets that the filter cleared it once something is picked again', () => {
    const selection = play([{ type: 'TOGGLE', id: 'l1' }, { type: 'VIEW_CHANGED', viewKey: 'view-b' }, { type: 'TOGGLE', id: 'l7' }, { type: 'TOGGLE', id: 'l7' }]);
    expect(selection).toEqual(emptySelection('view-b'));
  });
});
