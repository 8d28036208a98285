import { chatMessageSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

/** POST /api/chat/messages's body, validated by the app's pipe (400 naming `text` or `sessionId`). */
export class ChatMessageInput extends createZodDto(chatMessageSchema) {}
