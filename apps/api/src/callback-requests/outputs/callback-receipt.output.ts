import { callbackReceiptSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class CallbackReceiptOutput extends createZodDto(callbackReceiptSchema) {}
