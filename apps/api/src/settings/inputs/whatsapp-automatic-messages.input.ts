import { whatsappAutomaticMessagesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class WhatsappAutomaticMessagesInput extends createZodDto(whatsappAutomaticMessagesSchema) {}
