import type { Lead } from '../generated/sqlite/client';

/** A lead's row as the driver returns it: SQLite gives booleans as 1/0 and times as ISO text. */
export type LeadRow = Omit<Lead, 'qualified' | 'loanNeeded' | 'createdAt' | 'updatedAt'> & {
  qualified: boolean | number;
  loanNeeded: boolean | number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** The lead a row holds, typed as Prisma types it. */
export function leadFromRow(row: LeadRow): Lead {
  return {
    ...row,
    qualified: Boolean(row.qualified),
    loanNeeded: row.loanNeeded === null ? null : Boolean(row.loanNeeded),
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
    updatedAt: row.updatedAt instanceof Date ? row.updatedAt : new Date(row.updatedAt),
  };
}
