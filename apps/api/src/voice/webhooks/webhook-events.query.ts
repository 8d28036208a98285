import { webhookEventsQuerySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class WebhookEventsQuery extends createZodDto(webhookEventsQuerySchema) {}
