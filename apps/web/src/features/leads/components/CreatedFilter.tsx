import { useId } from 'react';

const TEXT = {
  from: 'Created from',
  to: 'Created to',
};

interface CreatedFilterProps {
  createdFrom: string | undefined;
  createdTo: string | undefined;
  onChange: (createdFrom: string, createdTo: string) => void;
}

/**
 * Narrows the list to the leads created on a range of calendar days (both included), the
 * viewer's days. Each end stops the other from passing it, as the server refuses that.
 */
export function CreatedFilter({ createdFrom, createdTo, onChange }: CreatedFilterProps) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="lead-view-filter lead-view-filter--days">
      <label htmlFor={fromId}>{TEXT.from}</label>
      <input id={fromId} type="date" value={createdFrom ?? ''} max={createdTo} onChange={(event) => onChange(event.target.value, createdTo ?? '')} />
      <label htmlFor={toId}>{TEXT.to}</label>
      <input id={toId} type="date" value={createdTo ?? ''} min={createdFrom} onChange={(event) => onChange(createdFrom ?? '', event.target.value)} />
    </div>
  );
}
