import { signInSchema } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';

export class SignInInput extends createZodDto(signInSchema) {}
