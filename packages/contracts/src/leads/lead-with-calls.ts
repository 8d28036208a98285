import { z } from 'zod';
import { callRecordSchema } from '../calls/call-record';
import { leadSchema } from './lead';

/** GET /api/leads/:id: the lead and its calls, newest first. */
export const leadWithCallsSchema = leadSchema.extend({ calls: z.array(callRecordSchema) });
export type LeadWithCalls = z.infer<typeof leadWithCallsSchema>;
