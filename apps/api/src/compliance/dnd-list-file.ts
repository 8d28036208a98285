import { parse } from 'csv-parse/sync';
import type { FieldError } from '../common/field-errors';
import { csvDelimiterOf } from '../leads/csv/csv-delimiter';
import { decodeText, NOT_TEXT } from '../leads/csv/text-encoding';
import { normalizePhoneNumber } from '../leads/phone-number';

const MAX_ERRORS = 20;

/**
 * The numbers of a scrub-list file as telecom providers give them: CSV (or one number a
 * line), decoded and separated as an imported file of leads is (decodeText, csvDelimiterOf),
 * the number in the first column, an optional header line without digits. Each is read
 * with the leads' own phone rule, so "98765 43210" and "+91 98765-43210" are the same
 * number as a lead's. Any line that is not a phone number refuses the file: a list applied
 * in part would let calls through that the team meant to stop.
 */
export function readDndListFile(file: Buffer, defaultRegion: string): { numbers: string[] } | { errors: FieldError[] } {
  const decoded = decodeText(file);
  if (!decoded) return { errors: [{ field: 'file', message: NOT_TEXT }] };
  const { text } = decoded;
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, delimiter: csvDelimiterOf(text) }) as string[][];
  } catch (error) {
    return { errors: [{ field: 'file', message: `is not CSV: ${(error as Error).message}` }] };
  }
  const numbers = new Set<string>();
  const errors: FieldError[] = [];
  records.forEach((record, index) => {
    const cell = record.find((value) => value !== '') ?? '';
    if (index === 0 && !/\d/.test(cell)) return; // a header such as "phone" or "msisdn"
    const number = normalizePhoneNumber(cell, defaultRegion);
    if (number) numbers.add(number);
    else if (cell !== '' && errors.length < MAX_ERRORS) errors.push({ field: `line ${index + 1}`, message: `${cell} is not a valid phone number` });
  });
  if (errors.length > 0) return { errors };
  if (numbers.size === 0) return { errors: [{ field: 'file', message: 'holds no phone numbers' }] };
  return { numbers: [...numbers] };
}
