import type { LucideIcon } from 'lucide-react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import './PageNotices.css';

interface PageNoticesProps {
  label: string;
  side: 'left' | 'right';
  /** How urgently a screen reader says what comes in. */
  live: 'polite' | 'assertive';
  className?: string;
  children: ReactNode;
}

/** A corner of the page for notices; always in the page, so a screen reader hears what comes into it. */
export function PageNotices({ label, side, live, className, children }: PageNoticesProps) {
  return (
    <section className={['page-notices', className].filter(Boolean).join(' ')} data-side={side} aria-label={label} aria-live={live}>
      {children}
    </section>
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
