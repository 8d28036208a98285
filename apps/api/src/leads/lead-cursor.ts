import { InvalidFieldsException } from '../common/field-errors';
import { isLeadId } from './lead-id';

/** Position after the last lead of a page, in the list's (createdAt, id) order. */
export interface LeadCursor {
  createdAt: Date;
  id: string;
}

export function encodeLeadCursor(cursor: LeadCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeLeadCursor(text: string): LeadCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(createdAt));
    // The id goes to SQL as text: only an id this API could have handed out (never a NUL, which PostgreSQL refuses).
    if (typeof id === 'string' && isLeadId(id) && typeof createdAt === 'string' && !Number.isNaN(date.getTime())) {
      return { createdAt: date, id };
    }
  } catch {
    // Falls through to the 400 below: any undecodable text is the client's mistake.
  }
  throw new InvalidFieldsException([{ field: 'cursor', message: 'is not a cursor this API returned' }]);
}
