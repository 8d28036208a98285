import type { Lead } from '@lead-desk/contracts';
import { UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/apiClient';
import { useCreateLead } from '../hooks/useCreateLead';
import { addLeadSchema, EMPTY_LEAD, toNewLead, type AddLeadField, type AddLeadValues } from './addLeadSchema';

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

type FieldErrors = Partial<Record<AddLeadField, string>>;

const FIELDS = Object.keys(EMPTY_LEAD) as AddLeadField[];
const isField = (field: string): field is AddLeadField => (FIELDS as string[]).includes(field);

/** "Name is required": the field's label with the check's message, the same for ours and the API's. */
const fieldMessage = (field: AddLeadField, message: string) => `${TEXT.labels[field]} ${message}`;

/** The add-lead form in a dialog; every opening starts empty. */
export function AddLeadDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (lead: Lead) => void }) {
  return (
    <Modal onClose={onClose} title={TEXT.title} description={TEXT.description}>
      <AddLeadForm onCancel={onClose} onAdded={onAdded} />
    </Modal>
  );
}

function AddLeadForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (lead: Lead) => void }) {
  const [values, setValues] = useState<AddLeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const qualifiedId = useId();
  const create = useCreateLead(onAdded);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);

  const change = <F extends AddLeadField>(field: F, value: AddLeadValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const parsed = addLeadSchema.safeParse({ ...values, email: values.email.trim() });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], fieldMessage(issue.path[0] as AddLeadField, issue.message)])));
      setAttempt((n) => n + 1);
      return;
    }
    try {
      await create.mutateAsync(toNewLead(parsed.data));
    } catch (error) {
      const known = error instanceof ApiError ? error.fieldErrors.filter((fieldError) => isField(fieldError.field)) : [];
      if (known.length > 0) {
        setErrors(Object.fromEntries(known.map(({ field, message }) => [field, fieldMessage(field as AddLeadField, message)])));
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
      setAttempt((n) => n + 1);
    }
  };

  const textField = (field: Exclude<AddLeadField, 'loan_needed' | 'qualified'>, options: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <FormField label={TEXT.labels[field]} error={errors[field]} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
          // Required is announced, but checked by us: the browser's own bubble cannot be styled or read alike.
          aria-required={field === 'name' || undefined}
        />
      )}
    </FormField>
  );

  return (
    <form ref={form} className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
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
        <FormField label={TEXT.labels.loan_needed} error={errors.loan_needed}>
          {(control) => (
            <select {...control} value={values.loan_needed} onChange={(event) => change('loan_needed', event.target.value as AddLeadValues['loan_needed'])}>
              <option value="">{TEXT.loan.unknown}</option>
              <option value="yes">{TEXT.loan.yes}</option>
              <option value="no">{TEXT.loan.no}</option>
            </select>
          )}
        </FormField>
      </div>
      <div className="form-check">
        <input id={qualifiedId} type="checkbox" checked={values.qualified} onChange={(event) => change('qualified', event.target.checked)} />
        <label htmlFor={qualifiedId}>{TEXT.labels.qualified}</label>
        {errors.qualified && <p className="form-field__error">{errors.qualified}</p>}
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
