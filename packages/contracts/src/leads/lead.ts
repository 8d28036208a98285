import { z } from 'zod';
import { leadStageSchema } from '../pipeline/stage';
import { leadOwnerSchema } from './lead-owner';

/** A lead as the API's JSON names it (the names the dashboard and CSV files use). */
export const leadSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  location: z.string().nullable(),
  qualified: z.boolean(),
  createdAt: z.iso.datetime(),
  source: z.string(),
  phone: z.string().nullable(),
  interestedIn: z.string().nullable(),
  budget: z.union([z.number(), z.string()]).nullable(),
  timeline: z.string().nullable(),
  loan_needed: z.boolean().nullable(),
  updatedAt: z.iso.datetime(),
  /** The team's progress with the lead. */
  stage: leadStageSchema,
  /** The member of staff working the lead, or null while unassigned. */
  owner: leadOwnerSchema.nullable(),
  /** Why the lead was lost, while it is in a stage of kind lost. */
  lostReason: z.string().nullable(),
  /** Counts the lead's changes; sent as the ETag, named in If-Match by an edit. */
  version: z.number().int(),
  /** Archived leads leave lists, counts and exports unless asked for. */
  archived: z.boolean(),
  /** Free-text labels, as written (compared without case). */
  tags: z.array(z.string()),
  /** Never phone this lead (staff, the caller's own request); the DND scrub list is checked apart, at call time. */
  doNotCall: z.boolean(),
  doNotCallReason: z.string().nullable(),
  /** Made for the phone or email of a person erased before (GDPR-style erasure): staff are told, the old record is not rebuilt. */
  previouslyErased: z.boolean(),
});
export type Lead = z.infer<typeof leadSchema>;
