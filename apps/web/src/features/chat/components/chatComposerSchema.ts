import { chatMessageSchema } from '@lead-desk/contracts';
import { z } from 'zod';

/** The message box, checked as the API checks a message's `text` (not empty, at most CHAT_MESSAGE_MAX_CHARACTERS). */
export const chatComposerSchema = z.object({ text: chatMessageSchema.shape.text });

export type ChatComposerValues = z.input<typeof chatComposerSchema>;
