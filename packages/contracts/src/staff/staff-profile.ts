import { z } from 'zod';
import { optionalText, plainText } from '../common/text';
import { staffAccountSchema } from './staff-account';

/** `HH:MM-HH:MM` in APP_TIME_ZONE, start before end; `24:00` ends at midnight. */
export const WORKING_HOURS_FORMAT = /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A member's own working hours, such as 10:00-19:00. */
export const workingHoursSchema = plainText()
  .trim()
  .regex(WORKING_HOURS_FORMAT, 'must be HH:MM-HH:MM such as 10:00-19:00')
  // Only hours in the format are compared: a bad one is named once, by the check above.
  .refine((hours) => !WORKING_HOURS_FORMAT.test(hours) || minutesOf(hours.slice(0, 5)) < minutesOf(hours.slice(6)), 'must start before it ends (HH:MM-HH:MM within one day)');

/**
 * A staff account with what its member keeps in their profile, as GET /api/staff (admins),
 * GET /api/staff/me, POST /api/staff and PATCH /api/staff/:id answer it.
 */
export const staffProfileSchema = staffAccountSchema.extend({
  /** E.164: where the agent transfers a caller who asks for a person. */
  phone: z.string().nullable(),
  /** Their own working hours (HH:MM-HH:MM); null: the team's WORKING_HOURS. */
  workingHours: z.string().nullable(),
  /** Whether they have a calendar feed address (POST /api/staff/me/calendar-feed makes one, DELETE revokes it). */
  calendarFeed: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/**
 * PATCH /api/staff/:id (an admin for anyone, an agent for themself): whether round-robin gives
 * them new leads, their phone (any way people write it; stored E.164, read in
 * DEFAULT_PHONE_REGION; 400 naming phone when it is not a real number) and their working
 * hours (null: follow WORKING_HOURS). Fields left out stay as they are.
 */
export const staffProfileChangesSchema = z.strictObject({
  available: z.boolean('must be true or false').optional(),
  /** Blank or null clears it. */
  phone: optionalText(40),
  workingHours: workingHoursSchema.nullable().optional(),
});
export type StaffProfileChanges = z.input<typeof staffProfileChangesSchema>;
