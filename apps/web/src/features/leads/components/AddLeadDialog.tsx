import type { Lead } from '@lead-desk/contracts';
import { UserPlus } from 'lucide-react';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { useCreateLead } from '../hooks/useCreateLead';
import { addLeadSchema, EMPTY_LEAD } from './addLeadSchema';
import { LEAD_FORM_LABELS, LeadFormFields } from './LeadFormFields';

const TEXT = {
  title: 'Add Lead',
  description: 'Only the name is required; add whatever else you know.',
  submit: 'Add Lead',
  saving: 'Adding…',
  cancel: 'Cancel',
  failed: 'The lead could not be added:',
};

/** The add-lead form in a dialog; every opening starts empty. */
export function AddLeadDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (lead: Lead) => void }) {
  return (
    <Modal onClose={onClose} title={TEXT.title} description={TEXT.description}>
      <AddLeadForm onCancel={onClose} onAdded={onAdded} />
    </Modal>
  );
}

function AddLeadForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (lead: Lead) => void }) {
  const create = useCreateLead(onAdded);
  const { form, fieldError, formError, submitWith } = useContractForm(addLeadSchema, { defaultValues: EMPTY_LEAD, labels: LEAD_FORM_LABELS });

  return (
    <form className="lead-form" noValidate onSubmit={submitWith((lead) => create.mutateAsync(lead))}>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.failed} {formError}
        </p>
      )}
      <LeadFormFields register={form.register} fieldError={fieldError} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={UserPlus} label={TEXT.submit} pendingLabel={TEXT.saving} pending={create.isPending} />
      </div>
    </form>
  );
}
