import { whatsappTemplateSchema, type WhatsappTemplate, type WhatsappTemplateVariable } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import type { WhatsappTemplate as StoredWhatsappTemplate } from '../../../database/models';

export class WhatsappTemplateOutput extends createZodDto(whatsappTemplateSchema) {}

export function toWhatsappTemplateOutput(template: StoredWhatsappTemplate): WhatsappTemplate {
  return {
    id: template.id,
    name: template.name,
    language: template.language,
    variables: JSON.parse(template.variables) as WhatsappTemplateVariable[],
    body: template.body,
    archived: template.archivedAt !== null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
