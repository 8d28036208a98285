import { useEffect, useReducer } from 'react';
import { bulkSelectionReducer, emptySelection } from '../bulkSelection';
import type { LeadView } from '../types';

/** The list's bulk selection, emptied (and saying so) when the view's filter or search changes. */
export function useBulkSelection(view: LeadView) {
  const viewKey = JSON.stringify([view.status, view.q, view.stage ?? null, view.owner ?? null, view.tags ?? []]);
  const [selection, dispatch] = useReducer(bulkSelectionReducer, viewKey, emptySelection);
  useEffect(() => dispatch({ type: 'VIEW_CHANGED', viewKey }), [viewKey]);
  return [selection, dispatch] as const;
}
