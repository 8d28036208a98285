import type { StaffProfile, StaffProfileChanges } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { profileFormSchema, profileFormValues } from './profileFormSchema';

const TEXT = {
  labels: { phone: 'Phone', workingHours: 'Working hours' },
  phoneHint: 'Your own line: the AI agent puts a caller who asks for a person through to it.',
  hoursHint: 'HH:MM-HH:MM, such as 10:00-19:00. Empty: the team’s working hours. The agent books your site visits within them.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
};

interface ProfileFormProps {
  profile: StaffProfile;
  onSave: (changes: StaffProfileChanges) => Promise<StaffProfile>;
}

/** The member's phone and working hours, as the agent uses them for transfers and bookings. */
export function ProfileForm({ profile, onSave }: ProfileFormProps) {
  const { form, fieldError, formError, submitWith } = useContractForm(profileFormSchema, { defaultValues: profileFormValues(profile), labels: TEXT.labels });
  const [saved, setSaved] = useState(false);
  const save = async (changes: StaffProfileChanges) => {
    setSaved(false);
    const stored = await onSave(changes);
    // The phone as the API stored it (E.164), so the field shows what the agent will dial.
    form.reset(profileFormValues(stored));
    setSaved(true);
  };
  return (
    <form className="profile-form" noValidate onSubmit={submitWith(save)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label={TEXT.labels.phone} hint={TEXT.phoneHint} error={fieldError('phone')}>
        {(control) => <input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </FormField>
      <FormField label={TEXT.labels.workingHours} hint={TEXT.hoursHint} error={fieldError('workingHours')}>
        {(control) => <input {...control} placeholder="10:00-19:00" {...form.register('workingHours')} />}
      </FormField>
      <div className="form-actions">
        {saved && <p role="status">{TEXT.saved}</p>}
        <SubmitButton icon={Save} label={TEXT.save} pendingLabel={TEXT.saving} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
