import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { Lead } from '@lead-desk/contracts';

export const boardInstructions: ScreenReaderInstructions = {
  draggable: 'To move this lead, press Space, then Left or Right to choose a stage, and Space again to drop it there. Escape cancels.',
};

/** What a screen reader hears while a card is dragged: the lead's and stages' names, not ids. */
export function boardAnnouncements(stageName: (id: string | number) => string): Announcements {
  const leadName = (data: Record<string, unknown> | undefined) => (data?.lead as Lead | undefined)?.name ?? 'The lead';
  return {
    onDragStart: ({ active }) => `Picked up ${leadName(active.data.current)}.`,
    onDragOver: ({ active, over }) => (over ? `${leadName(active.data.current)} is over ${stageName(over.id)}.` : `${leadName(active.data.current)} is over no stage.`),
    onDragEnd: ({ active, over }) => (over ? `${leadName(active.data.current)} dropped on ${stageName(over.id)}.` : `${leadName(active.data.current)} was dropped outside the stages.`),
    onDragCancel: ({ active }) => `Moving ${leadName(active.data.current)} was cancelled.`,
  };
}

