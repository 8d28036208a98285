import { outboundCallRequestSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class OutboundCallInput extends createZodDto(outboundCallRequestSchema) {}
