import { AlertTriangle, RotateCcw } from 'lucide-react';

const TEXT = { retry: 'Retry' };

/** A failure the user can see and act on, instead of a console line nobody reads. */
export function ErrorNotice({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="error-notice" role="alert">
      <AlertTriangle aria-hidden size={20} className="error-notice__icon" />
      <div className="error-notice__text">
        <p className="error-notice__title">{title}</p>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </div>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <RotateCcw aria-hidden size={16} />
          {TEXT.retry}
        </button>
      )}
    </div>
  );
}
