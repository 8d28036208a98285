import { z } from 'zod';

/** PATCH /api/staff/:id (an admin, or the agent for themself): whether round-robin gives them new leads. */
export const staffAvailabilitySchema = z.strictObject({
  available: z.boolean('must be true or false'),
});
export type StaffAvailability = z.infer<typeof staffAvailabilitySchema>;
