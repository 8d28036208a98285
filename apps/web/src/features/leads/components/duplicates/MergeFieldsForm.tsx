import { mergeFieldSchema, mergeSideSchema, type MergeField, type MergeOutcome, type MergePreview, type MergeSide } from '@lead-desk/contracts';
import { GitMerge } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { isStaleLead } from '../../api/leadEditsApi';
import { useMergeLeads } from '../../hooks/useMergeLeads';
import { MERGE_FIELD_LABELS, mergeValueText } from './mergeFieldTexts';

const TEXT = {
  kept: (name: string) => `Kept: ${name}`,
  merged: (name: string) => `Merged into it: ${name}`,
  sideOf: { kept: 'kept lead', merged: 'merged lead' } satisfies Record<MergeSide, string>,
  differs: 'Differs',
  same: 'The same on both',
  moves: 'What moves to the kept lead',
  count: (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`,
  calls: ['call', 'calls'],
  notes: ['note', 'notes'],
  consents: ['consent', 'consents'],
  activities: ['timeline entry', 'timeline entries'],
  tasks: ['task', 'tasks'],
  tags: (tags: string[]) => `Tags: ${tags.join(', ')}`,
  doNotCall: 'Do Not Call: the kept lead will not be called',
  nothingMoves: 'Nothing else: the merged lead has no calls, notes, consents, tasks, tags or timeline entries of its own.',
  merge: 'Merge',
  merging: 'Merging…',
  failed: 'The leads could not be merged:',
} as const;

/** Per field, whose value the kept lead takes. */
const choicesSchema = z.partialRecord(mergeFieldSchema, mergeSideSchema);
type Choices = z.infer<typeof choicesSchema>;

interface MergeFieldsFormProps {
  preview: MergePreview;
  onMerged: (outcome: MergeOutcome) => void;
  /** The API refused the merge because either lead changed after this preview (412). */
  onStale: () => void;
}

/**
 * Both leads field by field, those that differ marked and given a choice (the preview's
 * proposal first), what moves, and Merge, made against the versions this preview showed.
 */
export function MergeFieldsForm({ preview, onMerged, onStale }: MergeFieldsFormProps) {
  const merge = useMergeLeads();
  const proposed = Object.fromEntries(preview.fields.filter((field) => field.differs).map((field) => [field.field, field.proposed])) as Choices;
  const { form, formError, submitWith } = useContractForm(choicesSchema, { defaultValues: proposed, labels: MERGE_FIELD_LABELS });

  const send = async (choose: Choices) => {
    try {
      onMerged(
        await merge.mutateAsync({ keepId: preview.kept._id, mergeId: preview.merged._id, keepVersion: preview.kept.version, mergeVersion: preview.merged.version, choose }),
      );
    } catch (error) {
      if (!isStaleLead(error)) throw error;
      onStale();
    }
  };

  return (
    <form className="merge-form" noValidate onSubmit={submitWith(send)}>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.failed} {formError}
        </p>
      )}
      <div className="merge-form__sides" aria-hidden>
        <span />
        <span>{TEXT.kept(preview.kept.name)}</span>
        <span>{TEXT.merged(preview.merged.name)}</span>
      </div>
      {preview.fields.map((field) =>
        field.differs ? (
          <fieldset key={field.field} className="merge-field" data-differs>
            <legend className="merge-field__label">
              {MERGE_FIELD_LABELS[field.field]} <span className="badge badge--unqualified">{TEXT.differs}</span>
            </legend>
            {(['kept', 'merged'] as const).map((side) => (
              <SideChoice key={side} field={field.field} side={side} value={mergeValueText(field.field, field[side])} register={form.register} />
            ))}
          </fieldset>
        ) : (
          <div key={field.field} className="merge-field">
            <span className="merge-field__label">{MERGE_FIELD_LABELS[field.field]}</span>
            <span className="merge-field__same">
              {mergeValueText(field.field, field.kept)} <span className="merge-field__note">({TEXT.same})</span>
            </span>
          </div>
        ),
      )}
      <MovesList moves={preview.moves} />
      <div className="form-actions">
        <SubmitButton icon={GitMerge} label={TEXT.merge} pendingLabel={TEXT.merging} pending={merge.isPending} />
      </div>
    </form>
  );
}

function SideChoice({ field, side, value, register }: { field: MergeField; side: MergeSide; value: string; register: UseFormRegister<Choices> }) {
  const id = useId();
  return (
    <span className="merge-field__choice">
      <input id={id} type="radio" value={side} {...register(field)} />
      <label htmlFor={id}>
        {value} <span className="visually-hidden">({TEXT.sideOf[side]})</span>
      </label>
    </span>
  );
}

function MovesList({ moves }: { moves: MergePreview['moves'] }) {
  const headingId = useId();
  const lines = [
    moves.calls > 0 && TEXT.count(moves.calls, ...TEXT.calls),
    moves.notes > 0 && TEXT.count(moves.notes, ...TEXT.notes),
    moves.consents > 0 && TEXT.count(moves.consents, ...TEXT.consents),
    moves.activities > 0 && TEXT.count(moves.activities, ...TEXT.activities),
    moves.tasks > 0 && TEXT.count(moves.tasks, ...TEXT.tasks),
    moves.tags.length > 0 && TEXT.tags(moves.tags),
    moves.doNotCall && TEXT.doNotCall,
  ].filter((line): line is string => Boolean(line));
  return (
    <section className="merge-moves" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-details__heading">
        {TEXT.moves}
      </h3>
      {lines.length === 0 ? (
        <p>{TEXT.nothingMoves}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
