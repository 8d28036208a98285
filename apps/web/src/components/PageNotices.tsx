import type { LucideIcon } from 'lucide-react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './PageNotices.css';

interface PageNoticesProps {
  label: string;
  side: 'left' | 'right';
  /** How urgently a screen reader says what comes in. */
  live: 'polite' | 'assertive';
  className?: string;
  children: ReactNode;
}

/**
 * A corner of the page for notices; always in the page, so a screen reader hears what comes into it.
 * Placed at the end of the body, outside the page's landmarks: a live region is never hidden behind a
 * modal dialog (Radix keeps aria-live elements and their ancestors visible), so inside `main` it kept
 * the whole page in reach of a screen reader while a dialog was open.
 */
export function PageNotices({ label, side, live, className, children }: PageNoticesProps) {
  return createPortal(
    <section className={['page-notices', className].filter(Boolean).join(' ')} data-side={side} aria-label={label} aria-live={live}>
      {children}
    </section>,
    document.body,
  );
}

/** One notice: what happened, and a button that dismisses it. */
export function PageNotice({ icon: Icon, dismissLabel, onDismiss, children }: { icon: LucideIcon; dismissLabel: string; onDismiss: () => void; children: ReactNode }) {
  return (
    <article className="page-notice">
      <Icon aria-hidden size={18} />
      <p>{children}</p>
      <button type="button" className="page-notice__dismiss" aria-label={dismissLabel} onClick={onDismiss}>
        <X aria-hidden size={16} />
      </button>
    </article>
  );
}
