import { lazy } from 'react';

// The board, with its drag-and-drop library, is fetched when someone opens it: the list's first download stays as it was.
export const PipelineBoard = lazy(() => import('./components/PipelineBoard').then((module) => ({ default: module.PipelineBoard })));
