import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { optionalText } from '../common/text';
import { leadInputSchema } from './lead-input';

/**
 * PATCH /api/leads/:id: any lead field (validated as on creation), the stage, the owner
 * (null unassigns) and the lost reason. A field left out stays as it is. Moving to a
 * stage of kind lost needs a lost reason; leaving it clears it.
 */
export const leadChangesSchema = leadInputSchema.partial().extend({
  stageId: recordIdSchema.optional(),
  ownerId: recordIdSchema.nullable().optional(),
  lostReason: optionalText(500),
  /** Setting it needs a reason; clearing it clears the reason. */
  doNotCall: z.boolean('must be true or false').optional(),
  doNotCallReason: optionalText(500),
});
export type LeadChanges = z.input<typeof leadChangesSchema>;
