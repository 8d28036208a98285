import type { LeadInput } from '@lead-desk/contracts';
import { z } from 'zod/mini';

// The same limits the API enforces, checked before sending so most mistakes show at once;
// the API's own field errors are shown the same way.
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));

export const addLeadSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters')),
  email: z.union([z.literal(''), z.email('must be a valid email address')]),
  phone: z.string().check(z.trim(), z.regex(/^$|^\+?[\d\s().-]{6,24}$/, 'is not a valid phone number')),
  location: text(200),
  interestedIn: text(200),
  budget: text(100),
  timeline: text(100),
  loan_needed: z.enum(['', 'yes', 'no']),
  qualified: z.boolean(),
});

export type AddLeadValues = z.input<typeof addLeadSchema>;
export type AddLeadField = keyof AddLeadValues;

export const EMPTY_LEAD: AddLeadValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  interestedIn: '',
  budget: '',
  timeline: '',
  loan_needed: '',
  qualified: false,
};

const PLAIN_AMOUNT = /^\d[\d,]*(\.\d+)?$/;

/** What POST /api/leads receives: empty fields left out, a plain amount as a number ("45,00,000" → 4500000). */
export function toNewLead(values: z.output<typeof addLeadSchema>): LeadInput {
  const optional = (value: string) => (value === '' ? undefined : value);
  return {
    name: values.name,
    email: optional(values.email.trim()),
    phone: optional(values.phone),
    location: optional(values.location),
    interestedIn: optional(values.interestedIn),
    budget: PLAIN_AMOUNT.test(values.budget) ? Number(values.budget.replaceAll(',', '')) : optional(values.budget),
    timeline: optional(values.timeline),
    loan_needed: values.loan_needed === '' ? undefined : values.loan_needed === 'yes',
    qualified: values.qualified,
  };
}
