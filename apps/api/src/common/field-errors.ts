import { BadRequestException, ConflictException, ForbiddenException } from '@nestjs/common';
import type { FieldError } from '@lead-desk/contracts';
import { ZodError } from 'zod';
import { errorBodyOf } from './error-body';

export type { FieldError };

/** A 400 whose JSON names each bad field and why. */
export class InvalidFieldsException extends BadRequestException {
  constructor(
    readonly errors: FieldError[],
    message = `Invalid ${errors.map((error) => error.field).join(', ')}: ${errors.map((e) => e.message).join('; ')}`,
  ) {
    super({ ...errorBodyOf(new BadRequestException(message)), errors });
  }
}

/** A 403 naming the field whose value the requester may not give (an agent assigning a colleague). */
export class ForbiddenFieldException extends ForbiddenException {
  constructor(
    readonly errors: FieldError[],
    message: string,
  ) {
    super({ ...errorBodyOf(new ForbiddenException(message)), errors });
  }
}

/** A 409 naming the field whose value another record holds already (an email in use). */
export class TakenFieldException extends ConflictException {
  constructor(
    readonly errors: FieldError[],
    message: string,
  ) {
    super({ ...errorBodyOf(new ConflictException(message)), errors });
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
