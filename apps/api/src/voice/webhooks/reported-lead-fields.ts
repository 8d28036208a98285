/**
 * Each lead field and the names a report may give it, in structured outputs and in the
 * older analysis' structured data alike: the one table both are read with.
 */
export const REPORTED_LEAD_FIELDS = {
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  location: ['location'],
  interestedIn: ['interestedIn', 'interested_in'],
  budget: ['budget'],
  timeline: ['timeline'],
  loan_needed: ['loan_needed', 'loanNeeded'],
  qualified: ['qualified'],
} as const satisfies Record<string, readonly string[]>;

export type ReportedLeadField = keyof typeof REPORTED_LEAD_FIELDS;

const FIELDS = Object.keys(REPORTED_LEAD_FIELDS) as ReportedLeadField[];

/** "Loan needed", "loan_needed" and "loanNeeded" are one name. */
const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const FIELD_BY_NAME = new Map(FIELDS.flatMap((field) => REPORTED_LEAD_FIELDS[field].map((alias) => [comparable(alias), field] as const)));

/** A field's value in a data object, under any of its names (null counts as not given). */
export function valueOf(data: Record<string, unknown>, field: ReportedLeadField): unknown {
  for (const alias of REPORTED_LEAD_FIELDS[field]) if (data[alias] !== undefined && data[alias] !== null) return data[alias];
  return undefined;
}

/** Whether an object carries at least one lead field. */
export function carriesLeadFields(data: Record<string, unknown>): boolean {
  return FIELDS.some((field) => valueOf(data, field) !== undefined);
}

/** The field a structured output named after a single field stands for ("email", "Loan needed"). */
export function fieldNamed(outputName: string): ReportedLeadField | undefined {
  return FIELD_BY_NAME.get(comparable(outputName));
}
