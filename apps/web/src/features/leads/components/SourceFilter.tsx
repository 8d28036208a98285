import { sourceKey } from '@lead-desk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { leadKeys } from '../api/leadQueryKeys';
import { fetchLeadSources } from '../api/leadsApi';

const TEXT = {
  label: 'Source',
  any: 'Any source',
  failed: 'Sources could not be loaded',
  count: (source: string, count: number) => `${source} (${count})`,
};

/**
 * Narrows the list to the leads from one source (the URL's `source`), chosen from the sources
 * in use with how many leads each has, and applied as soon as it is chosen. Spellings that
 * differ only in case are one source, as the server counts and filters them, so a saved view or
 * a link naming another spelling shows as that source; one no lead has any more stays selectable.
 */
export function SourceFilter({ source, onChange }: { source: string | undefined; onChange: (source: string) => void }) {
  const id = useId();
  const sources = useQuery({ queryKey: leadKeys.sources(), queryFn: ({ signal }) => fetchLeadSources(signal) });
  const offered = sources.data ?? [];
  const chosen = source === undefined ? undefined : offered.find((choice) => sourceKey(choice.source) === sourceKey(source));
  return (
    <div className="lead-view-filter">
      <label htmlFor={id}>{TEXT.label}</label>
      <select id={id} value={chosen?.source ?? source ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{sources.error ? TEXT.failed : TEXT.any}</option>
        {offered.map((choice) => (
          <option key={choice.source} value={choice.source}>
            {TEXT.count(choice.source, choice.count)}
          </option>
        ))}
        {source && !chosen && <option value={source}>{source}</option>}
      </select>
    </div>
  );
}
