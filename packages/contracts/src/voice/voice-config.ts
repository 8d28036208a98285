import { z } from 'zod';

/** GET /api/voice/config: what the browser's voice client needs, public values only; null where not configured. */
export const voiceConfigSchema = z.object({
  publicKey: z.string().nullable(),
  assistantId: z.string().nullable(),
  apiBaseUrl: z.string().nullable(),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;
