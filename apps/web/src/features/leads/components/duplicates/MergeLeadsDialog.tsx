import type { MergeOutcome, MergeUndone } from '@lead-desk/contracts';
import { ArrowLeftRight } from 'lucide-react';
import { Suspense, useState } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { Modal } from '../../../../components/Modal';
import { useMergePreview } from '../../hooks/useMergeLeads';
import type { LeadReference } from '../../types';
import { LeadDetailsDialog } from '../lazyDialogs';
import { MergeFieldsForm } from './MergeFieldsForm';
import { UndoMergeButton } from './UndoMergeButton';

const TEXT = {
  title: 'Merge leads',
  description:
    'Choose, field by field, what the kept lead holds. The other lead’s calls, notes, consents, tags, Do Not Call and timeline move to it. A merge can be undone for 30 days.',
  swap: 'Keep the other lead instead',
  loading: 'Loading both leads…',
  failed: 'Could not load the two leads',
  changed: 'One of the leads was changed after this preview was read, so nothing was merged. Here they are as they are now: check your choices and merge again.',
  merged: (merged: string, kept: string) => `${merged} was merged into ${kept}.`,
  undone: (restored: string, kept: string) => `The merge was undone: ${restored} and ${kept} are back as they were.`,
  open: (name: string) => `Open ${name}`,
  done: 'Done',
};

interface MergeLeadsDialogProps {
  /** Kept by default (the lead written first); staff may keep the other instead. */
  keep: LeadReference;
  merge: LeadReference;
  /** With the merge, when one was made and not undone. */
  onClose: (merged: MergeOutcome | null) => void;
}

/** The merge of two leads: the preview and choices, then what was done, with its Undo at hand. */
export function MergeLeadsDialog({ keep, merge, onClose }: MergeLeadsDialogProps) {
  const [sides, setSides] = useState({ keep, merge });
  const [merged, setMerged] = useState<MergeOutcome | null>(null);
  const [undone, setUndone] = useState<MergeUndone | null>(null);
  const close = () => onClose(undone ? null : merged);
  return (
    <Modal onClose={close} variant="sheet" title={TEXT.title} description={TEXT.description}>
      {merged ? (
        <MergeDone merged={merged} mergedName={sides.merge.name} undone={undone} onUndone={setUndone} onDone={close} />
      ) : (
        <>
          <button type="button" className="button button--secondary" onClick={() => setSides({ keep: sides.merge, merge: sides.keep })}>
            <ArrowLeftRight aria-hidden size={16} />
            {TEXT.swap}
          </button>
          <MergePreviewStep keepId={sides.keep._id} mergeId={sides.merge._id} onMerged={setMerged} />
        </>
      )}
    </Modal>
  );
}

function MergePreviewStep({ keepId, mergeId, onMerged }: { keepId: string; mergeId: string; onMerged: (outcome: MergeOutcome) => void }) {
  const preview = useMergePreview(keepId, mergeId);
  const [stale, setStale] = useState(false);
  if (preview.isPending) return <p role="status">{TEXT.loading}</p>;
  if (preview.error) return <ErrorNotice title={TEXT.failed} error={preview.error} onRetry={() => void preview.refetch()} />;
  const { kept, merged } = preview.data;
  return (
    <>
      {stale && (
        <p className="lead-details__stale" role="alert">
          {TEXT.changed}
        </p>
      )}
      <MergeFieldsForm
        // A preview read again starts from its own proposals.
        key={`${kept._id}:${kept.version}:${merged._id}:${merged.version}`}
        preview={preview.data}
        onMerged={onMerged}
        onStale={() => {
          setStale(true);
          void preview.refetch();
        }}
      />
    </>
  );
}

interface MergeDoneProps {
  merged: MergeOutcome;
  mergedName: string;
  undone: MergeUndone | null;
  onUndone: (undone: MergeUndone) => void;
  onDone: () => void;
}

function MergeDone({ merged, mergedName, undone, onUndone, onDone }: MergeDoneProps) {
  const [opened, setOpened] = useState(false);
  const kept = undone?.kept ?? merged.lead;
  return (
    <div className="merge-done">
      <p role="status">{undone ? TEXT.undone(undone.restored.name, undone.kept.name) : TEXT.merged(mergedName, kept.name)}</p>
      {!undone && <UndoMergeButton mergeId={merged.merge.id} undoUntil={merged.merge.undoUntil} onUndone={onUndone} />}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={() => setOpened(true)}>
          {TEXT.open(kept.name)}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {TEXT.done}
        </button>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <LeadDetailsDialog lead={kept} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}
