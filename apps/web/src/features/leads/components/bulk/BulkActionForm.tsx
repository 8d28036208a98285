import { bulkActionSchema, type BulkAction } from '@lead-desk/contracts';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../../components/FormField';
import { useStages } from '../../../pipeline';
import { useTeam } from '../../hooks/useTeam';
import { useViewer } from '../../hooks/useViewer';
import type { BulkActionChoice } from './bulkTexts';

/** The actions that need a choice before they run. */
export type BulkFormActionType = Extract<BulkAction['type'], 'assign' | 'stage' | 'addTags' | 'removeTags'>;

const TEXT = {
  owner: 'New owner',
  unassigned: 'Unassigned',
  me: 'Me',
  stage: 'New stage',
  lostReason: 'Lost reason',
  lostHint: 'Why these leads fell through (a lost stage needs one)',
  tags: { addTags: 'Tags to add', removeTags: 'Tags to remove' },
  tagsHint: 'Separate tags with commas or semicolons',
  required: 'is required',
  apply: 'Apply',
  cancel: 'Cancel',
};

interface BulkActionFormProps {
  type: BulkFormActionType;
  onChoose: (choice: BulkActionChoice) => void;
  onCancel: () => void;
}

/** The one choice an action needs: whom to assign, which stage (and why lost), which tags. */
export function BulkActionForm({ type, onChoose, onCancel }: BulkActionFormProps) {
  const viewer = useViewer();
  const team = useTeam(viewer.managesTeam);
  const stages = useStages();
  const [ownerId, setOwnerId] = useState('');
  const [stageId, setStageId] = useState('');
  const [lostReason, setLostReason] = useState('');
  const [tags, setTags] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // An agent cannot list the team: they may take leads or give them up.
  const owners = (team.data ?? []).map(({ id, name }) => ({ id, name }));
  if (viewer.staffId && !owners.some((owner) => owner.id === viewer.staffId)) owners.unshift({ id: viewer.staffId, name: TEXT.me });
  const openStages = (stages.data ?? []).filter((stage) => !stage.archived);
  const stage = openStages.find((candidate) => candidate.id === (stageId || openStages[0]?.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let choice: BulkActionChoice;
    if (type === 'assign') {
      choice = { action: { type, ownerId: ownerId || null }, targetName: owners.find((owner) => owner.id === ownerId)?.name };
    } else if (type === 'stage') {
      if (!stage) return;
      if (stage.kind === 'lost' && !lostReason.trim()) return setProblem(`${TEXT.lostReason} ${TEXT.required}`);
      choice = { action: { type, stageId: stage.id, lostReason: stage.kind === 'lost' ? lostReason.trim() : undefined }, targetName: stage.name };
    } else {
      // The contract's tag rules checked here, so a mistake shows before anything is sent.
      const parsed = bulkActionSchema.safeParse({ type, tags: tags.split(/[,;]/).map((tag) => tag.trim()).filter(Boolean) });
      if (!parsed.success) return setProblem(`Tags ${parsed.error.issues[0].message}`);
      choice = { action: parsed.data };
    }
    setProblem(null);
    onChoose(choice);
  };

  return (
    <form className="bulk-action-form" noValidate onSubmit={submit}>
      {type === 'assign' && (
        <FormField label={TEXT.owner}>
          {(control) => (
            <select {...control} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value="">{TEXT.unassigned}</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {type === 'stage' && (
        <>
          <FormField label={TEXT.stage}>
            {(control) => (
              <select {...control} value={stage?.id ?? ''} disabled={!stages.data} onChange={(event) => setStageId(event.target.value)}>
                {openStages.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {stage?.kind === 'lost' && (
            <FormField label={TEXT.lostReason} hint={TEXT.lostHint} error={problem ?? undefined}>
              {(control) => <input {...control} value={lostReason} maxLength={500} aria-required onChange={(event) => setLostReason(event.target.value)} />}
            </FormField>
          )}
        </>
      )}
      {(type === 'addTags' || type === 'removeTags') && (
        <FormField label={TEXT.tags[type]} hint={TEXT.tagsHint} error={problem ?? undefined}>
          {(control) => <input {...control} value={tags} autoComplete="off" aria-required onChange={(event) => setTags(event.target.value)} />}
        </FormField>
      )}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button type="submit" className="button button--primary">
          {TEXT.apply}
        </button>
      </div>
    </form>
  );
}
