import type { NewStaffMember, StaffRole } from '@lead-desk/contracts';
import { UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { focusFirstInvalid, FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/apiClient';
import { useStaff } from '../hooks/useStaff';

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
  required: (label: string) => `${label} is required`,
  add: 'Add staff member',
  adding: 'Adding…',
  addFailed: 'Could not add the account:',
};

type StaffField = keyof NewStaffMember;
const EMPTY: NewStaffMember = { name: '', email: '', role: 'agent', password: '' };

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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NewStaffMember>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<StaffField, string>>>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);

  const change = (field: StaffField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const missing = (['name', 'email', 'password'] as const).filter((field) => !values[field].trim());
    setErrors(Object.fromEntries(missing.map((field) => [field, TEXT.required(TEXT.labels[field])])));
    setAttempt((n) => n + 1);
    if (missing.length > 0) return;
    try {
      await add.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim() });
      setValues(EMPTY);
    } catch (error) {
      // The API names each bad field ("password must be at least 12 characters"): show it beside that field.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors.filter(({ field }) => field in TEXT.labels) : [];
      setErrors(Object.fromEntries(fieldErrors.map(({ field, message }) => [field, `${TEXT.labels[field as StaffField]} ${message}`])));
      setAttempt((n) => n + 1);
    }
  };

  const addFailedWithoutField = add.error && !(add.error instanceof ApiError && add.error.fieldErrors.length > 0);
  return (
    <form ref={form} className="staff-panel__form" noValidate onSubmit={(event) => void submit(event)}>
      <h3>{TEXT.addHeading}</h3>
      {addFailedWithoutField && (
        <p className="form-error" role="alert">
          {TEXT.addFailed} {add.error.message}
        </p>
      )}
      <FormField label={TEXT.labels.name} error={errors.name}>
        {(control) => <input {...control} autoComplete="off" value={values.name} onChange={(event) => change('name', event.target.value)} />}
      </FormField>
      <FormField label={TEXT.labels.email} error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="off" value={values.email} onChange={(event) => change('email', event.target.value)} />}
      </FormField>
      <FormField label={TEXT.labels.role} error={errors.role}>
        {(control) => (
          <select {...control} value={values.role} onChange={(event) => change('role', event.target.value)}>
            <option value="agent">{TEXT.roles.agent}</option>
            <option value="admin">{TEXT.roles.admin}</option>
          </select>
        )}
      </FormField>
      <FormField label={TEXT.labels.password} error={errors.password} hint={TEXT.passwordHint}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" value={values.password} onChange={(event) => change('password', event.target.value)} />
        )}
      </FormField>
      <SubmitButton icon={UserPlus} label={TEXT.add} pendingLabel={TEXT.adding} pending={add.isPending} />
    </form>
  );
}
