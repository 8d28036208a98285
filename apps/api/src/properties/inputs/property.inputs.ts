import { newPropertySchema, propertyChangesSchema, propertyIdParamsSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class NewPropertyInput extends createZodDto(newPropertySchema) {}
export class PropertyChangesInput extends createZodDto(propertyChangesSchema) {}
export class PropertyIdParams extends createZodDto(propertyIdParamsSchema) {}
