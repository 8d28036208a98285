import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/FormField';
import type { AddLeadField, AddLeadValues } from './addLeadSchema';

export const LEAD_FORM_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  interestedIn: 'Property interest',
  budget: 'Budget',
  timeline: 'Timeline',
  loan_needed: 'Loan needed',
  qualified: 'Qualified',
} satisfies Record<AddLeadField, string>;

const TEXT = {
  budgetHint: 'In rupees (4500000) or as you say it (45 Lakh)',
  phoneHint: 'With country code, or a number in India',
  loan: { unknown: 'Not known', yes: 'Yes', no: 'No' },
};

interface LeadFormFieldsProps {
  register: UseFormRegister<AddLeadValues>;
  fieldError: (field: AddLeadField) => string | undefined;
}

/** A lead's fields as inputs, with their labels, hints and messages: the add form's and the edit form's. */
export function LeadFormFields({ register, fieldError }: LeadFormFieldsProps) {
  const qualifiedId = useId();
  const qualifiedError = fieldError('qualified');

  const textField = (field: Exclude<AddLeadField, 'loan_needed' | 'qualified'>, options: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <FormField label={LEAD_FORM_LABELS[field]} error={fieldError(field)} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          {...register(field)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          // Required is announced, but checked by us: the browser's own bubble cannot be styled or read alike.
          aria-required={field === 'name' || undefined}
        />
      )}
    </FormField>
  );

  return (
    <>
      <div className="lead-form__grid">
        {textField('name', { autoComplete: 'name' })}
        {textField('email', { type: 'email', autoComplete: 'email' })}
        {textField('phone', { type: 'tel', autoComplete: 'tel', hint: TEXT.phoneHint })}
        {textField('location')}
        {textField('interestedIn')}
        {textField('budget', { hint: TEXT.budgetHint })}
        {textField('timeline')}
        <FormField label={LEAD_FORM_LABELS.loan_needed} error={fieldError('loan_needed')}>
          {(control) => (
            <select {...control} {...register('loan_needed')}>
              <option value="">{TEXT.loan.unknown}</option>
              <option value="yes">{TEXT.loan.yes}</option>
              <option value="no">{TEXT.loan.no}</option>
            </select>
          )}
        </FormField>
      </div>
      <div className="form-check">
        <input
          {...register('qualified')}
          id={qualifiedId}
          type="checkbox"
          aria-invalid={Boolean(qualifiedError)}
          aria-describedby={qualifiedError ? `${qualifiedId}-error` : undefined}
        />
        <label htmlFor={qualifiedId}>{LEAD_FORM_LABELS.qualified}</label>
        {qualifiedError && (
          <p id={`${qualifiedId}-error`} className="form-field__error">
            {qualifiedError}
          </p>
        )}
      </div>
    </>
  );
}
