import { staffProfileChangesSchema, workingHoursSchema, type StaffProfile } from '@lead-desk/contracts';
import { z } from 'zod';

/** The profile form's text fields, read into the contract's changes: an empty field clears its value (working hours then follow the team's). */
export const profileFormSchema = z.object({
  phone: staffProfileChangesSchema.shape.phone,
  workingHours: z
    .string()
    .transform((hours) => hours.trim() || null)
    .pipe(workingHoursSchema.nullable()),
});

type ProfileFormValues = z.input<typeof profileFormSchema>;

export function profileFormValues(profile: StaffProfile): ProfileFormValues {
  return { phone: profile.phone ?? '', workingHours: profile.workingHours ?? '' };
}
