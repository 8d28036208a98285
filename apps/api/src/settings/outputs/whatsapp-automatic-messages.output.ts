import { whatsappAutomaticMessagesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class WhatsappAutomaticMessagesOutput extends createZodDto(whatsappAutomaticMessagesSchema) {}
