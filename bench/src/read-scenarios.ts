import { generatedPhone } from './lead-generator';

/** A lead every data set holds (lead 4,321, not archived), its number as staff say it: without +91. */
const NATIONAL_NUMBER = generatedPhone(4321).slice(3);
const query = (q: string) => new URLSearchParams({ q, limit: '50' }).toString();

/**
 * The list's scenarios, each a query string of GET /api/leads (the baseline server takes the
 * same): the first page, a qualified search by name, and a lead looked up by its phone number
 * as staff type it (issue 21): five of its digits, its national and its international writing.
 */
export const LIST_QUERIES = {
  'first page': 'limit=50',
  'qualified + search': 'status=qualified&q=sharma&limit=50',
  'phone digits': query(NATIONAL_NUMBER.slice(3, 8)),
  'phone, national writing': query(`0${NATIONAL_NUMBER.slice(0, 5)} ${NATIONAL_NUMBER.slice(5)}`),
  'phone, international writing': query(`+91 ${NATIONAL_NUMBER.slice(0, 5)}-${NATIONAL_NUMBER.slice(5)}`),
} as const;

export const LIST_SCENARIOS: string[] = Object.keys(LIST_QUERIES);
/** The list's scenarios that look a lead up by its phone number. */
export const PHONE_SCENARIOS: string[] = LIST_SCENARIOS.filter((scenario) => scenario.startsWith('phone'));

/** The Source filter's reads (issue 21), API only: the sources in use with their counts, and a page of a source typed in another case than the leads'. */
export const SOURCE_FILTER_PATHS: Record<string, string> = {
  'sources in use': '/api/leads/sources',
  'source page, any case': '/api/leads?source=Voice%20Bot&limit=50',
};

export const SOURCE_FILTER_SCENARIOS: string[] = Object.keys(SOURCE_FILTER_PATHS);
