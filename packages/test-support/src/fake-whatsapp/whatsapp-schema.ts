import { join } from 'node:path';
import { OpenApiSchemaValidator } from '../openapi-schema-validator';

/** The schemas of Meta's WhatsApp OpenAPI document the fake checks (see scripts/extract-whatsapp-schemas.mjs). */
export type WhatsappSchemaName = 'TextMessage' | 'TemplateMessage' | 'MessageResponsePayload' | 'GraphAPIError' | 'WebhookPayload';

export const whatsappSchemas = new OpenApiSchemaValidator<WhatsappSchemaName>(join(__dirname, 'whatsapp-schemas.json'));

/** Throws naming what does not fit: what the fake itself sends must be shaped as Meta's are. */
export function assertWhatsappShape(name: WhatsappSchemaName, value: unknown): void {
  const errors = whatsappSchemas.errors(name, value);
  if (errors.length > 0) throw new Error(`The fake Cloud API made a ${name} that does not fit Meta's document: ${errors.join('; ')}`);
}
