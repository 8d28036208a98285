import { taskChangesSchema, type Task } from '@lead-desk/contracts';
import { CheckCheck } from 'lucide-react';
import { z } from 'zod';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';

const TEXT = {
  labels: { outcome: 'Outcome' },
  visitHint: 'How did the visit go? Liked it, wants another, not interested…',
  hint: 'Optional: what came of it.',
  done: 'Mark done',
  saving: 'Saving…',
  cancel: 'Back',
};

const completionSchema = z.object({ outcome: taskChangesSchema.shape.outcome });

interface CompleteTaskFormProps {
  task: Task;
  onComplete: (outcome: string | null) => Promise<unknown>;
  onCancel: () => void;
}

/** Marks a task done with its outcome in the member's words (a site visit asks how it went). */
export function CompleteTaskForm({ task, onComplete, onCancel }: CompleteTaskFormProps) {
  const { form, fieldError, formError, submitWith } = useContractForm(completionSchema, { defaultValues: { outcome: '' }, labels: TEXT.labels });
  return (
    <form className="task-complete-form" noValidate onSubmit={submitWith(({ outcome }) => onComplete(outcome ?? null))}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={TEXT.labels.outcome} error={fieldError('outcome')} hint={task.type === 'site_visit' ? TEXT.visitHint : TEXT.hint}>
        {(control) => <textarea {...control} {...form.register('outcome')} rows={2} />}
      </FormField>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={CheckCheck} label={TEXT.done} pendingLabel={TEXT.saving} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
