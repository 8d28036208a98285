import { HttpException, HttpStatus } from '@nestjs/common';

/** A JSON body's value; an empty body is an empty object, as body-parser reads it. */
export function parseJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) return {};
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new HttpException(`The request body is not valid JSON: ${(error as Error).message}`, HttpStatus.BAD_REQUEST);
  }
}
