import { callbackRequestSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

/** POST /api/callback-requests's body in the OpenAPI document; CallbackRequestPipe validates it. */
export class CallbackRequestInput extends createZodDto(callbackRequestSchema) {}
