import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadMoreButton } from '../../../../components/LoadMoreButton';
import { Modal } from '../../../../components/Modal';
import { useDuplicatePairs } from '../../hooks/useDuplicatePairs';
import { DuplicatePairList } from './DuplicatePairList';

const TEXT = {
  title: 'Possible duplicates',
  description: 'Leads that may be one person, newest first. Merge them, or say they are not the same person.',
  loading: 'Loading possible duplicates…',
  failed: 'Could not load the possible duplicates',
  empty: 'No possible duplicates.',
  more: 'Load more',
  loadingMore: 'Loading…',
};

/** Every pair of possible duplicates in the viewer's sight, newest first, a page at a time. */
export function PossibleDuplicatesDialog({ onClose }: { onClose: () => void }) {
  const pairs = useDuplicatePairs(null);
  const list = pairs.data?.pages.flatMap((page) => page.pairs) ?? [];
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="possible-duplicates">
        {pairs.isPending && <p role="status">{TEXT.loading}</p>}
        {pairs.error && <ErrorNotice title={TEXT.failed} error={pairs.error} onRetry={() => void pairs.refetch()} />}
        {pairs.isSuccess && list.length === 0 && <p>{TEXT.empty}</p>}
        <DuplicatePairList pairs={list} />
        <LoadMoreButton pages={pairs} label={TEXT.more} loadingLabel={TEXT.loadingMore} />
      </div>
    </Modal>
  );
}
