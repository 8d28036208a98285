import type { NewProperty } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { FormField } from '../../../../components/FormField';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { PROPERTY_CATEGORIES } from '../../data/categories';
import { propertyFormSchema, type PropertyField, type PropertyFormValues } from '../../propertyFormSchema';

export const PROPERTY_FORM_LABELS = {
  name: 'Name',
  category: 'Category',
  locality: 'Locality',
  city: 'City',
  location: 'Location on the page',
  price: 'Price',
  bedrooms: 'Bedrooms',
  areaSqFt: 'Area (sq ft)',
  amenities: 'Amenities',
  highlight: 'Highlight',
  siteVisitAddress: 'Site-visit address',
  status: 'Status',
} satisfies Record<PropertyField, string>;

const TEXT = {
  hints: {
    location: 'Left empty: locality, city',
    price: 'As advertised (₹85 Lakh, 1.2 Cr) or in rupees',
    bedrooms: 'Left empty for plots and commercial space',
    amenities: 'Separated by commas',
    highlight: 'One line the agent reads aloud after the price',
    siteVisitAddress: 'Left empty: the site office',
  } satisfies Partial<Record<PropertyField, string>>,
  statuses: { available: 'Available', booked: 'Booked', sold: 'Sold' },
  cancel: 'Cancel',
  saving: 'Saving…',
  failed: 'The property could not be saved:',
};

interface PropertyFormProps {
  initialValues: PropertyFormValues;
  submitLabel: string;
  pending: boolean;
  /** The body the form's values make, with the values as typed (an edit sends only what changed). */
  onSubmit: (property: NewProperty, values: PropertyFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A property's fields, checked as the API checks them; what the API refuses is shown beside its field. */
export function PropertyForm({ initialValues, submitLabel, pending, onSubmit, onCancel }: PropertyFormProps) {
  const { form, fieldError, formError, submitWith } = useContractForm(propertyFormSchema, { defaultValues: initialValues, labels: PROPERTY_FORM_LABELS });
  const textField = (field: Exclude<PropertyField, 'category' | 'status'>) => (
    <FormField label={PROPERTY_FORM_LABELS[field]} error={fieldError(field)} hint={TEXT.hints[field as keyof typeof TEXT.hints]}>
      {(control) => <input {...control} {...form.register(field)} autoComplete="off" inputMode={field === 'bedrooms' || field === 'areaSqFt' ? 'numeric' : undefined} />}
    </FormField>
  );
  return (
    <form className="property-form" noValidate onSubmit={submitWith((property) => onSubmit(property, form.getValues()))}>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.failed} {formError}
        </p>
      )}
      <div className="property-form__grid">
        {textField('name')}
        <FormField label={PROPERTY_FORM_LABELS.category} error={fieldError('category')}>
          {(control) => (
            <select {...control} {...form.register('category')}>
              {PROPERTY_CATEGORIES.map(({ id, label }) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {textField('locality')}
        {textField('city')}
        {textField('location')}
        {textField('price')}
        {textField('bedrooms')}
        {textField('areaSqFt')}
        {textField('amenities')}
        {textField('highlight')}
        {textField('siteVisitAddress')}
        <FormField label={PROPERTY_FORM_LABELS.status} error={fieldError('status')}>
          {(control) => (
            <select {...control} {...form.register('status')}>
              {Object.entries(TEXT.statuses).map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={Save} label={submitLabel} pendingLabel={TEXT.saving} pending={pending} />
      </div>
    </form>
  );
}
