import type { Lead } from '../generated/sqlite/client';
import type { LeadOutput } from './outputs/lead.output';

/** A lead's row as the driver returns it: SQLite gives booleans as 1/0 and times as ISO text. */
export type LeadRow = Omit<Lead, 'qualified' | 'loanNeeded' | 'createdAt' | 'updatedAt'> & {
  qualified: boolean | number;
  loanNeeded: boolean | number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** What toLeadOutput makes of the lead a row holds, without a Date per time in between (a tenth of a page's time). */
export function leadOutputFromRow(row: LeadRow): LeadOutput {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    location: row.location,
    qualified: Boolean(row.qualified),
    createdAt: isoTime(row.createdAt),
    source: row.source,
    phone: row.phone,
    interestedIn: row.interestedIn,
    budget: row.budgetAmount ?? row.budgetText,
    timeline: row.timeline,
    loan_needed: row.loanNeeded === null ? null : Boolean(row.loanNeeded),
    updatedAt: isoTime(row.updatedAt),
  };
}

export function rowTime(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** SQLite holds times as Prisma's adapter writes them, toISOString() with "+00:00" for "Z". */
const SQLITE_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

function isoTime(value: Date | string): string {
  if (typeof value === 'string' && SQLITE_UTC.test(value)) return `${value.slice(0, -6)}Z`;
  return rowTime(value).toISOString();
}
