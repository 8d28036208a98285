import { z } from 'zod';

/** GET/PUT /api/settings/assignment: how new leads get an owner (round-robin among available agents, or none). */
export const assignmentSettingsSchema = z.strictObject({
  mode: z.enum(['round-robin', 'off'], 'must be round-robin or off'),
});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;
