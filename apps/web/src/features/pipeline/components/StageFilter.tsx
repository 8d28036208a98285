import { useId } from 'react';
import { useStages } from '../hooks/useStages';

const TEXT = {
  label: 'Stage',
  any: 'All stages',
  loading: 'Loading stages…',
  failed: 'Stages could not be loaded',
};

/** Narrows the list to one stage (the URL's `stage`); archived stages are no longer offered. */
export function StageFilter({ stage, onChange }: { stage: string | undefined; onChange: (stage: string) => void }) {
  const id = useId();
  const stages = useStages();
  const offered = (stages.data ?? []).filter((candidate) => !candidate.archived || candidate.id === stage);
  return (
    <div className="lead-view-filter">
      <label htmlFor={id}>{TEXT.label}</label>
      <select id={id} value={stage ?? ''} disabled={!stages.data} onChange={(event) => onChange(event.target.value)}>
        <option value="">{stages.error ? TEXT.failed : stages.isPending ? TEXT.loading : TEXT.any}</option>
        {offered.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
    </div>
  );
}
