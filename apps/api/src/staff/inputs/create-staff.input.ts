import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '../../auth/auth.decorators';

export const MIN_PASSWORD_LENGTH = 12;

export const createStaffSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(254)),
  name: z.string().trim().min(1, 'is required').max(200),
  role: z.enum(STAFF_ROLES as [string, ...string[]], 'must be admin or agent'),
  password: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});

export class CreateStaffInput extends createZodDto(createStaffSchema) {}
