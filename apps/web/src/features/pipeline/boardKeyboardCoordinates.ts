import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const STEP = { ArrowRight: 1, ArrowLeft: -1 } as const;

/**
 * Keyboard dragging on the board: Left and Right carry the picked-up card to the
 * previous or next column (dnd-kit's default moves it a few pixels per key press).
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (!(event.code in STEP)) return undefined;
  event.preventDefault();
  const columns = context.droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.left - b.rect.left);
  // Where the card is now, from the sensor's own coordinates: `over` lags a render behind quick key presses.
  const current = columns.findIndex((column) => column.rect.left <= currentCoordinates.x && currentCoordinates.x < column.rect.left + column.rect.width);
  const target = columns[current + STEP[event.code as keyof typeof STEP]];
  if (current < 0 || !target) return undefined;
  // The card's top left, placed inside the target column so that column is the one it is over.
  const width = context.collisionRect?.width ?? 0;
  return { x: target.rect.left + Math.max(0, (target.rect.width - width) / 2), y: target.rect.top + 1 };
};
