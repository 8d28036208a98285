import type { LeadStage } from '@lead-desk/contracts';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';

const TEXT = {
  suggest: (stage: string) => `Site visit done. Move the lead on to “${stage}”?`,
  move: (stage: string) => `Move to ${stage}`,
  moving: 'Moving…',
  notNow: 'Not now',
  moved: (stage: string) => `Moved to ${stage}.`,
  failed: 'The lead could not be moved:',
};

interface NextStageSuggestionProps {
  stage: LeadStage;
  /** Moves the lead; rejects with the reason it could not. */
  onMove: (stage: LeadStage) => Promise<unknown>;
  onDismiss: () => void;
}

/** After a completed site visit: the stage the API suggests, one click away. Nothing moves unless the member says so. */
export function NextStageSuggestion({ stage, onMove, onDismiss }: NextStageSuggestionProps) {
  const [state, setState] = useState<{ status: 'asking' | 'moving' | 'moved' } | { status: 'failed'; message: string }>({ status: 'asking' });
  const move = async () => {
    setState({ status: 'moving' });
    try {
      await onMove(stage);
      setState({ status: 'moved' });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  if (state.status === 'moved') {
    return (
      <p className="next-stage" role="status">
        {TEXT.moved(stage.name)}
      </p>
    );
  }
  return (
    <div className="next-stage">
      <p role="status">{TEXT.suggest(stage.name)}</p>
      <div className="next-stage__actions">
        <button type="button" className="button button--primary" aria-disabled={state.status === 'moving' || undefined} onClick={() => state.status !== 'moving' && void move()}>
          <ArrowRight aria-hidden size={16} />
          {state.status === 'moving' ? TEXT.moving : TEXT.move(stage.name)}
        </button>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          {TEXT.notNow}
        </button>
      </div>
      {state.status === 'failed' && (
        <p className="form-error" role="alert">
          {TEXT.failed} {state.message}
        </p>
      )}
    </div>
  );
}
