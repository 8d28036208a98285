import { staffAvailabilitySchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class StaffAvailabilityInput extends createZodDto(staffAvailabilitySchema) {}
