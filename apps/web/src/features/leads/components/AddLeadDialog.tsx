import type { Lead } from '@lead-desk/contracts';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { useCreateLead } from '../hooks/useCreateLead';
import { addLeadSchema, EMPTY_LEAD, type AddLeadField } from './addLeadSchema';

const TEXT = {
  title: 'Add Lead',
  description: 'Only the name is required; add whatever else you know.',
  labels: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    location: 'Location',
    interestedIn: 'Property interest',
    budget: 'Budget',
    timeline: 'Timeline',
    loan_needed: 'Loan needed',
    qualified: 'Qualified',
  } satisfies Record<AddLeadField, string>,
  budgetHint: 'In rupees (4500000) or as you say it (45 Lakh)',
  phoneHint: 'With country code, or a number in India',
  loan: { unknown: 'Not known', yes: 'Yes', no: 'No' },
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
  const qualifiedId = useId();
  const create = useCreateLead(onAdded);
  const { form, fieldError, formError, submitWith } = useContractForm(addLeadSchema, { defaultValues: EMPTY_LEAD, labels: TEXT.labels });
  const qualifiedError = fieldError('qualified');

  const textField = (field: Exclude<AddLeadField, 'loan_needed' | 'qualified'>, options: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <FormField label={TEXT.labels[field]} error={fieldError(field)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          {...form.register(field)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          // Required is announced, but checked by us: the browser's own bubble cannot be styled or read alike.
          aria-required={field === 'name' || undefined}
        />
      )}
    </FormField>
  );

  return (
    <form className="lead-form" noValidate onSubmit={submitWith((lead) => create.mutateAsync(lead))}>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.failed} {formError}
        </p>
      )}
      <div className="lead-form__grid">
        {textField('name', { autoComplete: 'name' })}
        {textField('email', { type: 'email', autoComplete: 'email' })}
        {textField('phone', { type: 'tel', autoComplete: 'tel', hint: TEXT.phoneHint })}
        {textField('location')}
        {textField('interestedIn')}
        {textField('budget', { hint: TEXT.budgetHint })}
        {textField('timeline')}
        <FormField label={TEXT.labels.loan_needed} error={fieldError('loan_needed')}>
          {(control) => (
            <select {...control} {...form.register('loan_needed')}>
              <option value="">{TEXT.loan.unknown}</option>
              <option value="yes">{TEXT.loan.yes}</option>
              <option value="no">{TEXT.loan.no}</option>
            </select>
          )}
        </FormField>
      </div>
      <div className="form-check">
        <input
          {...form.register('qualified')}
          id={qualifiedId}
          type="checkbox"
          aria-invalid={Boolean(qualifiedError)}
          aria-describedby={qualifiedError ? `${qualifiedId}-error` : undefined}
        />
        <label htmlFor={qualifiedId}>{TEXT.labels.qualified}</label>
        {qualifiedError && (
          <p id={`${qualifiedId}-error`} className="form-field__error">
            {qualifiedError}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={UserPlus} label={TEXT.submit} pendingLabel={TEXT.saving} pending={create.isPending} />
      </div>
    </form>
  );
}
