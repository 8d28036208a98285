import { z } from 'zod';

/** The member of staff working a lead, as the lead's JSON names them. */
export const leadOwnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type LeadOwner = z.infer<typeof leadOwnerSchema>;
