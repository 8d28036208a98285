import { sendWhatsappMessageSchema, whatsappMessagesQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SendWhatsappMessageInput extends createZodDto(sendWhatsappMessageSchema) {}
export class WhatsappMessagesQuery extends createZodDto(whatsappMessagesQuerySchema) {}
