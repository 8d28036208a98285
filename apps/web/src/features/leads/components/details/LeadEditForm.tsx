import type { Lead, LeadChanges } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import { leadFormSchema } from '../addLeadSchema';
import { LEAD_FORM_LABELS, LeadFormFields } from '../LeadFormFields';
import { leadFormValues } from './leadFormValues';

const TEXT = {
  save: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  failed: 'The lead could not be saved:',
};

interface LeadEditFormProps {
  lead: Lead;
  edits: ReturnType<typeof useLeadEdits>;
  onDone: () => void;
}

/**
 * The lead's fields as a form, checked as on creation. It saves against the version it
 * was opened on: when the lead changed meanwhile nothing is written, and the form takes
 * the lead as it is now so the editor can make their change again.
 */
export function LeadEditForm({ lead, edits, onDone }: LeadEditFormProps) {
  const [base, setBase] = useState(() => ({ version: lead.version, values: leadFormValues(lead) }));
  const { form, fieldError, formError, submitWith } = useContractForm(leadFormSchema, { defaultValues: base.values, labels: LEAD_FORM_LABELS });

  const save = async (values: LeadChanges) => {
    const typed = form.getValues();
    // Only what the editor changed is sent: the rest stays as whoever wrote it last left it.
    const changes = Object.fromEntries(Object.entries(values).filter(([field]) => typed[field as keyof typeof typed] !== base.values[field as keyof typeof typed]));
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await edits.update.mutateAsync({ version: base.version, changes });
      onDone();
    } catch (error) {
      if (!isStaleLead(error)) throw error;
      const current = edits.latest();
      if (!current) return;
      const values = leadFormValues(current);
      form.reset(values);
      setBase({ version: current.version, values });
    }
  };

  return (
    <form className="lead-form lead-details__edit" noValidate onSubmit={submitWith(save)}>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.failed} {formError}
        </p>
      )}
      <LeadFormFields register={form.register} fieldError={fieldError} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={Save} label={TEXT.save} pendingLabel={TEXT.saving} pending={edits.update.isPending} />
      </div>
    </form>
  );
}
