import { createZodValidationPipe } from 'nestjs-zod';
import { ZodError } from 'zod';
import { fieldErrorsFromZod, InvalidFieldsException } from './field-errors';

/** Validates every nestjs-zod DTO; failures become a 400 listing each bad field. */
export const ZodValidationPipe = createZodValidationPipe({
  createValidationException: (error) =>
    new InvalidFieldsException(error instanceof ZodError ? fieldErrorsFromZod(error) : [{ field: '(input)', message: String(error) }]),
});
