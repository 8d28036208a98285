import { IMPORT_MATCH_MODES, importOptionsSchema, type ImportOptions } from '@lead-desk/contracts';
import type { Request } from 'express';
import { fieldErrorsFromZod, InvalidFieldsException } from '../../common/field-errors';

/** The multipart body of an import (POST /api/leads/import, its preview and its job) as the OpenAPI document shows it. */
export const IMPORT_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary' }, mapping: { type: 'string', description: 'JSON: { "<header>": "<lead field>" | "ignore" }' } },
} as const;

/** The import's `onMatch` query parameter as the OpenAPI document shows it. */
export const ON_MATCH_QUERY = {
  name: 'onMatch',
  required: false,
  enum: IMPORT_MATCH_MODES,
  description: 'fill (the default): a row writes only what the lead it matches lacks; overwrite: every value it gives',
} as const;

/** The uploaded file: the multipart field "file", or the whole body sent as text/csv. */
export function uploadedContent(file: Express.Multer.File | undefined, request: Request): Buffer {
  const content = file?.buffer ?? (Buffer.isBuffer(request.body) ? request.body : undefined);
  if (content === undefined) {
    throw new InvalidFieldsException([{ field: 'file', message: 'send a CSV file as the multipart field "file" or as a text/csv body' }]);
  }
  return content;
}

/** The import's options from the query; the mapping may come as the multipart field instead. */
export function importOptions(query: Record<string, unknown>, request: Request): ImportOptions {
  const multipartMapping = !Buffer.isBuffer(request.body) && typeof request.body?.mapping === 'string' ? request.body.mapping : undefined;
  const parsed = importOptionsSchema.safeParse({ ...query, mapping: multipartMapping ?? query.mapping });
  if (!parsed.success) throw new InvalidFieldsException(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}
