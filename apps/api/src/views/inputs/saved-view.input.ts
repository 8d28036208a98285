import { recordIdSchema, savedViewChangesSchema, savedViewInputSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class SavedViewInput extends createZodDto(savedViewInputSchema) {}
export class SavedViewChangesInput extends createZodDto(savedViewChangesSchema) {}
export class SavedViewParams extends createZodDto(z.object({ id: recordIdSchema })) {}
