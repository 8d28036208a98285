import type { MergeOutcome } from '@lead-desk/contracts';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../../components/LoadMoreButton';
import { useDuplicatePairs } from '../../hooks/useDuplicatePairs';
import { DuplicatePairList } from '../duplicates/DuplicatePairList';

const TEXT = {
  heading: 'Possible duplicates',
  failed: 'Could not load this lead’s possible duplicates',
  noneLeft: 'No possible duplicates left.',
  more: 'Load more',
  loadingMore: 'Loading…',
};

/**
 * The lead's own possible duplicates, with the panel's actions; nothing while it has never
 * had one. Once shown it stays, when its last pair goes too: the list holds the dialogs
 * opened from it (a merge's Undo) and says what happened.
 */
export function LeadDuplicates({ leadId, onMerged }: { leadId: string; onMerged: (outcome: MergeOutcome) => void }) {
  const headingId = useId();
  const pairs = useDuplicatePairs(leadId);
  const list = pairs.data?.pages.flatMap((page) => page.pairs) ?? [];
  const [shown, setShown] = useState(false);
  if (list.length > 0 && !shown) setShown(true);
  if (!shown && !pairs.error) return null;
  return (
    <section className="lead-duplicates" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.heading}
      </h3>
      {pairs.error && <ErrorNotice title={TEXT.failed} error={pairs.error} onRetry={() => void pairs.refetch()} />}
      {pairs.isSuccess && list.length === 0 && <p>{TEXT.noneLeft}</p>}
      <DuplicatePairList pairs={list} currentLeadId={leadId} onMerged={onMerged} />
      <LoadMoreButton pages={pairs} label={TEXT.more} loadingLabel={TEXT.loadingMore} />
    </section>
  );
}
