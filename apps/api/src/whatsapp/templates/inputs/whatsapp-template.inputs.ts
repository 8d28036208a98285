import { newWhatsappTemplateSchema, whatsappTemplateChangesSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class NewWhatsappTemplateInput extends createZodDto(newWhatsappTemplateSchema) {}
export class WhatsappTemplateChangesInput extends createZodDto(whatsappTemplateChangesSchema) {}
