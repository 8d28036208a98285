import type { NewStaffMember, StaffRole } from '@lead-desk/contracts';
import { UserMinus, UserPlus } from 'lucide-react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { useStaff } from '../hooks/useStaff';
import { addStaffFormSchema, EMPTY_STAFF_MEMBER } from './addStaffFormSchema';

const TEXT = {
  title: 'Staff accounts',
  description: 'Admins manage staff and files; agents view, add and call leads.',
  loading: 'Loading staff…',
  failed: 'Could not load the staff accounts',
  columns: { name: 'Name', email: 'Email', role: 'Role', actions: 'Actions' },
  roles: { admin: 'Admin', agent: 'Agent' } satisfies Record<StaffRole, string>,
  you: '(you)',
  remove: (name: string) => `Remove ${name}`,
  removeFailed: 'Could not remove the account:',
  addHeading: 'Add a staff member',
  labels: { name: 'Name', email: 'Email', role: 'Role', password: 'Password' } satisfies Record<keyof NewStaffMember, string>,
  passwordHint: 'At least 12 characters; share it with them privately.',
  add: 'Add staff member',
  adding: 'Adding…',
  addFailed: 'Could not add the account:',
};

/** The team's accounts with a remove button each (not for yourself), and a form to add one. */
export function StaffDialog({ currentStaffId, onClose }: { currentStaffId: string; onClose: () => void }) {
  return (
    <Modal onClose={onClose} title={TEXT.title} description={TEXT.description}>
      <StaffPanel currentStaffId={currentStaffId} />
    </Modal>
  );
}

function StaffPanel({ currentStaffId }: { currentStaffId: string }) {
  const { list, add, remove } = useStaff();
  return (
    <div className="staff-panel">
      {list.isPending && <p role="status">{TEXT.loading}</p>}
      {list.error && <ErrorNotice title={TEXT.failed} error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <table className="staff-panel__table">
          <thead>
            <tr>
              <th scope="col">{TEXT.columns.name}</th>
              <th scope="col">{TEXT.columns.email}</th>
              <th scope="col">{TEXT.columns.role}</th>
              <th scope="col">
                <span className="visually-hidden">{TEXT.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name} {member.id === currentStaffId && TEXT.you}
                </th>
                <td>{member.email}</td>
                <td>{TEXT.roles[member.role]}</td>
                <td>
                  {member.id !== currentStaffId && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={TEXT.remove(member.name)}
                      aria-disabled={remove.isPending || undefined}
                      onClick={() => !remove.isPending && remove.mutate(member.id)}
                    >
                      <UserMinus aria-hidden size={16} />
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {remove.error && (
        <p className="form-error" role="alert">
          {TEXT.removeFailed} {remove.error.message}
        </p>
      )}
      <AddStaffForm add={add} />
    </div>
  );
}

function AddStaffForm({ add }: { add: ReturnType<typeof useStaff>['add'] }) {
  const { form, fieldError, formError, submitWith } = useContractForm(addStaffFormSchema, { defaultValues: EMPTY_STAFF_MEMBER, labels: TEXT.labels });
  const submit = submitWith(async (member) => {
    await add.mutateAsync(member);
    form.reset();
  });

  return (
    <form className="staff-panel__form" noValidate onSubmit={submit}>
      <h3>{TEXT.addHeading}</h3>
      {formError && (
        <p className="form-error" role="alert">
          {TEXT.addFailed} {formError}
        </p>
      )}
      <FormField label={TEXT.labels.name} error={fieldError('name')}>
        {(control) => <input {...control} {...form.register('name')} autoComplete="off" />}
      </FormField>
      <FormField label={TEXT.labels.email} error={fieldError('email')}>
        {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="off" />}
      </FormField>
      <FormField label={TEXT.labels.role} error={fieldError('role')}>
        {(control) => (
          <select {...control} {...form.register('role')}>
            <option value="agent">{TEXT.roles.agent}</option>
            <option value="admin">{TEXT.roles.admin}</option>
          </select>
        )}
      </FormField>
      <FormField label={TEXT.labels.password} error={fieldError('password')} hint={TEXT.passwordHint}>
        {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <SubmitButton icon={UserPlus} label={TEXT.add} pendingLabel={TEXT.adding} pending={add.isPending} />
    </form>
  );
}
