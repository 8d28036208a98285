import { z } from 'zod';

/** POST /api/calls's answer: the call being dialled and the number as the server normalised it (E.164). */
export const placedCallSchema = z.object({
  id: z.string(),
  vapiCallId: z.string(),
  status: z.string(),
  number: z.string(),
});
export type PlacedCall = z.infer<typeof placedCallSchema>;
