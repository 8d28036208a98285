import { TASK_TYPES, type NewTask } from '@lead-desk/contracts';
import { CalendarPlus } from 'lucide-react';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { useTaskFormChoices } from '../hooks/useTaskFormChoices';
import { TASK_TYPE_LABELS } from '../taskTexts';
import { toDateTimeLocal } from '../taskTime';
import { LEAD_OWNER, NOBODY, taskFormSchema, type TaskFormValues } from './taskFormSchema';

const TEXT = {
  labels: { type: 'Type', dueAt: 'Due', assigneeId: 'Assignee', propertyId: 'Property', notes: 'Notes' },
  leadOwner: 'The lead’s owner',
  me: 'Me',
  nobody: 'Nobody yet',
  noProperty: 'No property',
  propertiesFailed: 'The properties could not be loaded: the visit can be added without one.',
  add: 'Add task',
  adding: 'Adding…',
  cancel: 'Cancel',
};

/** In an hour, on the minute: a sensible first guess for a follow-up. */
const inAnHour = () => toDateTimeLocal(new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000));

interface TaskFormProps {
  /** The signed-in member (null in open mode), offered as "Me" to an agent who cannot list the team. */
  viewerId: string | null;
  /** Admins (and open mode) assign to anyone on the team; an agent to themself or nobody. */
  listsTeam: boolean;
  onSave: (task: Omit<NewTask, 'leadId'>) => Promise<unknown>;
  onDone: () => void;
}

/** A new task on the lead: its type, due time, assignee, a site visit's property, and notes. */
export function TaskForm({ viewerId, listsTeam, onSave, onDone }: TaskFormProps) {
  const choices = useTaskFormChoices(listsTeam);
  const defaultValues: TaskFormValues = { type: 'call', dueAt: inAnHour(), assigneeId: LEAD_OWNER, propertyId: '', notes: '' };
  const { form, fieldError, formError, submitWith } = useContractForm(taskFormSchema, { defaultValues, labels: TEXT.labels });
  const isVisit = form.watch('type') === 'site_visit';
  const save = async (task: Omit<NewTask, 'leadId'>) => {
    await onSave(task);
    onDone();
  };
  return (
    <form className="task-form" noValidate onSubmit={submitWith(save)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={TEXT.labels.type} error={fieldError('type')}>
        {(control) => (
          <select {...control} {...form.register('type')}>
            {TASK_TYPES.map((type) => (
              <option key={type} value={type}>
                {TASK_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={TEXT.labels.dueAt} error={fieldError('dueAt')}>
        {(control) => <input {...control} type="datetime-local" {...form.register('dueAt')} />}
      </FormField>
      <FormField label={TEXT.labels.assigneeId} error={fieldError('assigneeId')}>
        {(control) => (
          <select {...control} {...form.register('assigneeId')}>
            <option value={LEAD_OWNER}>{TEXT.leadOwner}</option>
            {listsTeam
              ? choices.team.data?.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))
              : viewerId && <option value={viewerId}>{TEXT.me}</option>}
            <option value={NOBODY}>{TEXT.nobody}</option>
          </select>
        )}
      </FormField>
      {isVisit && (
        <FormField label={TEXT.labels.propertyId} error={fieldError('propertyId')} hint={choices.properties.error ? TEXT.propertiesFailed : undefined}>
          {(control) => (
            <select {...control} {...form.register('propertyId')}>
              <option value="">{TEXT.noProperty}</option>
              {choices.properties.data?.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField label={TEXT.labels.notes} error={fieldError('notes')}>
        {(control) => <textarea {...control} {...form.register('notes')} rows={2} />}
      </FormField>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {TEXT.cancel}
        </button>
        <SubmitButton icon={CalendarPlus} label={TEXT.add} pendingLabel={TEXT.adding} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
