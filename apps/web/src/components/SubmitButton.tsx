import type { LucideIcon } from 'lucide-react';

interface SubmitButtonProps {
  icon: LucideIcon;
  label: string;
  /** Said while the form is being sent ("Adding…"). */
  pendingLabel: string;
  pending: boolean;
}

/** A form's submit button. While sending it is aria-disabled, not disabled, so keyboard focus stays on it; the form ignores a second press. */
export function SubmitButton({ icon: Icon, label, pendingLabel, pending }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
      <Icon aria-hidden size={18} />
      {pending ? pendingLabel : label}
    </button>
  );
}
