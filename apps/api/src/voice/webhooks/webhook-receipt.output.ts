import { webhookReceiptSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class WebhookReceiptOutput extends createZodDto(webhookReceiptSchema) {}
