import type { NewProperty, Property, PropertyChanges } from '@lead-desk/contracts';
import { useState } from 'react';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { Modal } from '../../../../components/Modal';
import { usePropertyInventory } from '../../hooks/usePropertyInventory';
import { EMPTY_PROPERTY_FORM, propertyFormValues, type PropertyFormValues } from '../../propertyFormSchema';
import { PropertyForm } from './PropertyForm';
import '../../propertyInventory.css';

const TEXT = {
  title: 'Properties',
  description: 'What the customer page shows and the agent offers: available ones are offered, booked ones shown as booked, sold ones neither.',
  loading: 'Loading properties…',
  failed: 'Could not load the properties',
  add: 'Add a property',
  create: 'Add property',
  save: 'Save changes',
  edit: 'Edit',
  markSold: 'Mark sold',
  changeFailed: 'Could not save the change:',
  statuses: { available: 'Available', booked: 'Booked', sold: 'Sold' },
  bedrooms: (count: number) => `${count} bedroom${count === 1 ? '' : 's'}`,
};

/** Which form is open: a new property's, or one property's edit. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** Every property with its status; add one, edit one, mark one sold (each change made against the version shown). */
export function PropertyInventoryDialog({ onClose }: { onClose: () => void }) {
  const inventory = usePropertyInventory();
  const [open, setOpen] = useState<OpenForm>(null);

  const create = async (property: NewProperty) => {
    await inventory.create.mutateAsync(property);
    setOpen(null);
  };
  const edit = (property: Property) => async (read: NewProperty, values: PropertyFormValues) => {
    await inventory.change.mutateAsync({ id: property.id, version: property.version, changes: editedFields(propertyFormValues(property), values, read) });
    setOpen(null);
  };
  const markSold = (property: Property) => inventory.change.mutate({ id: property.id, version: property.version, changes: { status: 'sold' } });

  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="property-inventory">
        {inventory.change.error && open?.kind !== 'edit' && (
          <p className="form-error" role="alert">
            {TEXT.changeFailed} {inventory.change.error.message}
          </p>
        )}
        {open?.kind === 'new' ? (
          <section aria-label={TEXT.add}>
            <PropertyForm initialValues={EMPTY_PROPERTY_FORM} submitLabel={TEXT.create} pending={inventory.create.isPending} onSubmit={create} onCancel={() => setOpen(null)} />
          </section>
        ) : (
          <button type="button" className="button button--primary property-inventory__add" onClick={() => setOpen({ kind: 'new' })}>
            {TEXT.add}
          </button>
        )}
        {inventory.inventory.isPending && <p role="status">{TEXT.loading}</p>}
        {inventory.inventory.error && <ErrorNotice title={TEXT.failed} error={inventory.inventory.error} onRetry={() => void inventory.inventory.refetch()} />}
        <ol className="property-inventory__list">
          {inventory.inventory.data?.map((property) => (
            <li key={property.id}>
              <article className="property-row" aria-label={property.name}>
                <h3>
                  {property.name} <span className={`property-row__status property-row__status--${property.status}`}>{TEXT.statuses[property.status]}</span>
                </h3>
                <p>
                  {property.priceText} · {property.location} · {property.area}
                  {property.bedrooms !== null && ` · ${TEXT.bedrooms(property.bedrooms)}`}
                </p>
                {open?.kind === 'edit' && open.id === property.id ? (
                  <PropertyForm initialValues={propertyFormValues(property)} submitLabel={TEXT.save} pending={inventory.change.isPending} onSubmit={edit(property)} onCancel={() => setOpen(null)} />
                ) : (
                  <div className="property-row__actions">
                    <button type="button" className="button button--secondary" onClick={() => setOpen({ kind: 'edit', id: property.id })}>
                      {TEXT.edit}
                    </button>
                    {property.status !== 'sold' && (
                      <button type="button" className="button button--secondary" disabled={inventory.change.isPending} onClick={() => markSold(property)}>
                        {TEXT.markSold}
                      </button>
                    )}
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      </div>
    </Modal>
  );
}

/**
 * What an edit changes: the fields whose input differs from what the form opened with, as
 * the form reads them. A price left as shown is not sent again, so "₹1.23 Cr" shown for
 * 1,23,45,678 rupees never rounds the stored price.
 */
function editedFields(initial: PropertyFormValues, values: PropertyFormValues, read: NewProperty): PropertyChanges {
  const changed = (Object.keys(values) as (keyof PropertyFormValues)[]).filter((field) => values[field] !== initial[field]);
  return Object.fromEntries(changed.map((field) => [field, read[field]])) as PropertyChanges;
}
