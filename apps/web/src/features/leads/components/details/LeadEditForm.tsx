import type { Lead, LeadChanges } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { isStaleLead } from '../../api/leadEditsApi';
import type { useLeadEdits } from '../../hooks/useLeadEdits';
import { useLeadMatches } from '../../hooks/useLeadMatches';
import type { LeadReference } from '../../types';
import { leadFormSchema } from '../addLeadSchema';
import { DuplicateWarning } from '../duplicates/DuplicateWarning';
import { LeadDetailsDialog } from '../lazyDialogs';
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
 * the lead as it is now so the editor can make their change again. A phone or email typed
 * in that another lead has already is shown before saving, with that lead to open.
 */
export function LeadEditForm({ lead, edits, onDone }: LeadEditFormProps) {
  const [base, setBase] = useState(() => ({ version: lead.version, values: leadFormValues(lead) }));
  const { form, fieldError, formError, submitWith } = useContractForm(leadFormSchema, { defaultValues: base.values, labels: LEAD_FORM_LABELS });
  const [phone, email] = useWatch({ control: form.control, name: ['phone', 'email'] });
  // Only what the editor changed is looked up: the lead's own phone and email were checked when they were written.
  const { matches } = useLeadMatches(phone === base.values.phone ? '' : (phone ?? ''), email === base.values.email ? '' : (email ?? ''), lead._id);
  const [opened, setOpened] = useState<LeadReference | null>(null);

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
    <>
      <form className="lead-form lead-details__edit" noValidate onSubmit={submitWith(save)}>
        {formError && (
          <p className="form-error" role="alert">
            {TEXT.failed} {formError}
          </p>
        )}
        <LeadFormFields register={form.register} fieldError={fieldError} />
        <DuplicateWarning matches={matches} onOpen={setOpened} />
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onDone}>
            {TEXT.cancel}
          </button>
          <SubmitButton icon={Save} label={TEXT.save} pendingLabel={TEXT.saving} pending={edits.update.isPending} />
        </div>
      </form>
      {/* Over this lead's, outside its form: React passes a portal's events up its tree. */}
      {opened && (
        <Suspense fallback={null}>
          <LeadDetailsDialog lead={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}
