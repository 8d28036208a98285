import { BadRequestException } from '@nestjs/common';
import { ZodError } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

/** A 400 whose JSON names each bad field and why. */
export class InvalidFieldsException extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    super({
      statusCode: 400,
      error: 'Bad Request',
      message: `Invalid ${errors.map((error) => error.field).join(', ')}: ${errors.map((e) => e.message).join('; ')}`,
      errors,
    });
  }
}

export function fieldErrorsFromZod(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    // An unknown key is reported once per key, named as the field itself.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: 'is not a known field' }));
    }
    return [{ field: issue.path.join('.') || '(body)', message: issue.message }];
  });
}
