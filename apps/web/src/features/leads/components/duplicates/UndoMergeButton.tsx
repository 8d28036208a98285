import type { MergeUndone } from '@lead-desk/contracts';
import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useUndoMerge } from '../../hooks/useMergeLeads';
import { formatDateTime } from '../../utils/formatDateTime';

const TEXT = {
  undo: 'Undo merge',
  undoing: 'Undoing…',
  until: (date: string) => `You can undo it until ${date}.`,
  failed: 'The merge could not be undone:',
};

interface UndoMergeButtonProps {
  mergeId: string;
  undoUntil: string;
  onUndone?: (undone: MergeUndone) => void;
}

/** "Undo merge", and until when: both leads go back to what they were before it. */
export function UndoMergeButton({ mergeId, undoUntil, onUndone }: UndoMergeButtonProps) {
  const untilId = useId();
  const undo = useUndoMerge();
  return (
    <div className="undo-merge">
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={untilId}
        aria-disabled={undo.isPending || undefined}
        onClick={() => !undo.isPending && undo.mutate(mergeId, { onSuccess: onUndone })}
      >
        <Undo2 aria-hidden size={16} />
        {undo.isPending ? TEXT.undoing : TEXT.undo}
      </button>
      <span id={untilId} className="undo-merge__until">
        {TEXT.until(formatDateTime(undoUntil))}
      </span>
      {undo.error && (
        <p className="form-error" role="alert">
          {TEXT.failed} {undo.error.message}
        </p>
      )}
    </div>
  );
}
