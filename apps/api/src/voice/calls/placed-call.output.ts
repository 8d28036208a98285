import { placedCallSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class PlacedCallOutput extends createZodDto(placedCallSchema) {}
