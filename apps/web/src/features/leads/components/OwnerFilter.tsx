import type { Session } from '@lead-desk/contracts';
import { useId } from 'react';
import { useOwnerChoices } from '../hooks/useOwnerChoices';

const TEXT = {
  label: 'Owner',
  any: 'Anyone',
  teamFailed: 'The team could not be loaded',
};

interface OwnerFilterProps {
  owner: string | undefined;
  viewer: Session | undefined;
  onChange: (owner: string) => void;
}

/** Narrows the list to whose leads they are (the URL's `owner`): mine, unassigned, or one member of staff. */
export function OwnerFilter({ owner, viewer, onChange }: OwnerFilterProps) {
  const id = useId();
  const { choices, error } = useOwnerChoices(viewer);
  const known = !owner || choices.some((choice) => choice.value === owner);
  return (
    <div className="lead-view-filter">
      <label htmlFor={id}>{TEXT.label}</label>
      <select id={id} value={owner ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{TEXT.any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {error && <option disabled>{TEXT.teamFailed}</option>}
        {/* A shared link may name someone this viewer cannot list: keep it selectable rather than lose it. */}
        {!known && <option value={owner}>{owner}</option>}
      </select>
    </div>
  );
}
