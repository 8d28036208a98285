import { AlertTriangle, X } from 'lucide-react';

const TEXT = { title: 'The move was undone', dismiss: 'Dismiss' };

/** Why a card went back to its column, until the user dismisses it or moves another card. */
export function BoardMoveFailure({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="error-notice" role="alert">
      <AlertTriangle aria-hidden size={20} className="error-notice__icon" />
      <div className="error-notice__text">
        <p className="error-notice__title">{TEXT.title}</p>
        <p>{message}</p>
      </div>
      <button type="button" className="button button--secondary" onClick={onDismiss}>
        <X aria-hidden size={16} />
        {TEXT.dismiss}
      </button>
    </div>
  );
}
