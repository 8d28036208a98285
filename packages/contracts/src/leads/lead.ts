import { z } from 'zod';

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
});
export type Lead = z.infer<typeof leadSchema>;
