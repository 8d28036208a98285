import type { DuplicatePair, MergeOutcome } from '@lead-desk/contracts';
import { Suspense, useRef, useState } from 'react';
import { useDismissDuplicate } from '../../hooks/useDuplicatePairs';
import type { LeadReference } from '../../types';
import { LeadDetailsDialog, MergeLeadsDialog } from '../lazyDialogs';
import { DuplicatePairCard } from './DuplicatePairCard';

const TEXT = {
  dismissed: (pair: DuplicatePair) => `${pair.lead.name} and ${pair.other.name} are not the same person: the pair is gone from the list.`,
  dismissFailed: 'The pair could not be dismissed:',
};

interface DuplicatePairListProps {
  pairs: DuplicatePair[];
  /** The lead whose details show the list. */
  currentLeadId?: string;
  /** A merge made from the list and not undone, once its dialog closes. */
  onMerged?: (outcome: MergeOutcome) => void;
}

/**
 * Possible duplicates with what staff do about them: open either lead (over the list),
 * say they are not the same person (the pair leaves the list), or merge them.
 */
export function DuplicatePairList({ pairs, currentLeadId, onMerged }: DuplicatePairListProps) {
  const dismiss = useDismissDuplicate();
  const [said, setSaid] = useState('');
  const [opened, setOpened] = useState<LeadReference | null>(null);
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const dismissPair = (pair: DuplicatePair) => {
    if (dismiss.isPending) return;
    setSaid('');
    dismiss.mutate(pair.id, {
      onSuccess: () => {
        setSaid(TEXT.dismissed(pair));
        // Its button is gone: focus stays in the list rather than falling to the page.
        list.current?.focus();
      },
    });
  };

  return (
    <>
      <p role="status" className="duplicate-pairs__said">
        {said}
      </p>
      {dismiss.error && (
        <p className="form-error" role="alert">
          {TEXT.dismissFailed} {dismiss.error.message}
        </p>
      )}
      <ol ref={list} tabIndex={-1} className="duplicate-pairs">
        {pairs.map((pair) => (
          <li key={pair.id}>
            <DuplicatePairCard
              pair={pair}
              currentLeadId={currentLeadId}
              dismissing={dismiss.isPending && dismiss.variables === pair.id}
              onOpen={setOpened}
              onDismiss={() => dismissPair(pair)}
              onMerge={() => setMerging(pair)}
            />
          </li>
        ))}
      </ol>
      <Suspense fallback={null}>
        {opened && <LeadDetailsDialog lead={opened} onClose={() => setOpened(null)} />}
        {merging && (
          <MergeLeadsDialog
            // The lead written first is kept unless staff choose otherwise.
            keep={merging.other}
            merge={merging.lead}
            onClose={(outcome) => {
              setMerging(null);
              if (outcome) onMerged?.(outcome);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
