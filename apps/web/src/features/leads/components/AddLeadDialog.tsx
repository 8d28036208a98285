import type { Lead, LeadInput } from '@lead-desk/contracts';
import { UserPlus } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { duplicateConflictOf } from '../api/duplicatesApi';
import { useCreateLead } from '../hooks/useCreateLead';
import { useLeadMatches } from '../hooks/useLeadMatches';
import type { LeadReference } from '../types';
import { addLeadSchema, EMPTY_LEAD } from './addLeadSchema';
import { DuplicateWarning } from './duplicates/DuplicateWarning';
import { LeadDetailsDialog } from './lazyDialogs';
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

/**
 * A phone or email a stored lead has already is shown before saving, with that lead to
 * open (over the form, which keeps what was typed) or the choice to add this one anyway,
 * flagged as its possible duplicate. A lead stored meanwhile makes the API refuse the
 * save (409): the same choice is shown then.
 */
function AddLeadForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (lead: Lead) => void }) {
  const create = useCreateLead(onAdded);
  const { form, fieldError, formError, submitWith } = useContractForm(addLeadSchema, { defaultValues: EMPTY_LEAD, labels: LEAD_FORM_LABELS });
  const [phone, email] = useWatch({ control: form.control, name: ['phone', 'email'] });
  const { matches, lookUpNow } = useLeadMatches(phone ?? '', email ?? '');
  const [opened, setOpened] = useState<LeadReference | null>(null);
  const warning = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) warning.current?.querySelector('button')?.focus();
  }, [refusals]);

  const add = (allowDuplicate: boolean) => async (lead: LeadInput) => {
    try {
      await create.mutateAsync(allowDuplicate ? { ...lead, allowDuplicate } : lead);
    } catch (error) {
      if (!duplicateConflictOf(error) || (await lookUpNow()).length === 0) throw error;
      setRefusals((count) => count + 1);
    }
  };
  const addAnyway = submitWith(add(true));

  return (
    <>
      <form className="lead-form" noValidate onSubmit={submitWith(add(false))}>
        {formError && (
          <p className="form-error" role="alert">
            {TEXT.failed} {formError}
          </p>
        )}
        <LeadFormFields register={form.register} fieldError={fieldError} />
        <DuplicateWarning ref={warning} matches={matches} onOpen={setOpened} onAddAnyway={() => addAnyway()} adding={create.isPending && create.variables.allowDuplicate === true} />
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {TEXT.cancel}
          </button>
          <SubmitButton icon={UserPlus} label={TEXT.submit} pendingLabel={TEXT.saving} pending={create.isPending} />
        </div>
      </form>
      {/* Outside the form: React passes a portal's events up its tree, and the details have forms of their own. */}
      {opened && (
        <Suspense fallback={null}>
          <LeadDetailsDialog lead={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}
