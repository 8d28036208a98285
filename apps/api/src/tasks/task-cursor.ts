import { RECORD_ID } from '@lead-desk/contracts';
import { InvalidFieldsException } from '../common/field-errors';

/** Position after the last task of a page, in the list's (dueAt, id) order. */
export interface TaskCursor {
  dueAt: Date;
  id: string;
}

export function encodeTaskCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify([cursor.dueAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeTaskCursor(text: string): TaskCursor {
  try {
    const [dueAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(dueAt));
    // The id goes to SQL as text: only an id this API could have handed out.
    if (typeof id === 'string' && RECORD_ID.test(id) && typeof dueAt === 'string' && !Number.isNaN(date.getTime())) return { dueAt: date, id };
  } catch {
    // Falls through to the 400 below: any undecodable text is the client's mistake.
  }
  throw new InvalidFieldsException([{ field: 'cursor', message: 'is not a cursor this API returned' }]);
}
