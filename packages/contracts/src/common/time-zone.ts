import { z } from 'zod';

/** True for a time zone this runtime knows by its IANA name (Asia/Kolkata, UTC…). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata');
