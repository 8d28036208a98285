import { noteInputSchema, type NoteInput } from '@lead-desk/contracts';
import type { LucideIcon } from 'lucide-react';
import { FormField } from '../../../../components/FormField';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';

const TEXT = { cancel: 'Cancel' };

interface NoteFormProps {
  label: string;
  body?: string;
  submit: { icon: LucideIcon; label: string; pendingLabel: string };
  /** Saves the note; what the API refuses shows on the form. */
  onSave: (note: NoteInput) => Promise<unknown>;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** A note's text, checked by the contract (plain text, 1 to 10,000 characters): for a new note and for editing one. */
export function NoteForm({ label, body = '', submit, onSave, onSaved, onCancel }: NoteFormProps) {
  const { form, fieldError, formError, submitWith } = useContractForm(noteInputSchema, { defaultValues: { body }, labels: { body: label } });
  const save = async (note: { body: string }) => {
    await onSave(note);
    form.reset({ body: '' });
    onSaved?.();
  };
  return (
    <form className="note-form" noValidate onSubmit={submitWith(save)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={label} error={fieldError('body')}>
        {(control) => <textarea {...control} {...form.register('body')} rows={3} />}
      </FormField>
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {TEXT.cancel}
          </button>
        )}
        <SubmitButton icon={submit.icon} label={submit.label} pendingLabel={submit.pendingLabel} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
