import { leadInputSchema, type LeadInput } from '@lead-desk/contracts';
import { z } from 'zod';

const contract = leadInputSchema.shape;

/**
 * Catches what cannot be a phone number before sending; the API reads the number for
 * real (valid in its region, written in E.164) and its answer lands on the field too.
 */
export const looksLikePhoneNumber = (text: string) => /^\+?[\d\s().-]{6,24}$/.test(text);
const phoneText = contract.phone.refine((phone) => phone == null || looksLikePhoneNumber(phone), 'is not a valid phone number');

/** An amount in Indian digit grouping ("45,00,000") is the number; any other text goes to the contract's budget rule as typed. */
const PLAIN_AMOUNT = /^\d[\d,]*(\.\d+)?$/;
const budgetText = z
  .string()
  .transform((text): LeadInput['budget'] => (PLAIN_AMOUNT.test(text.trim()) ? Number(text.trim().replaceAll(',', '')) : text))
  .pipe(contract.budget);

/** The loan select's choices: "Not known" is no answer. */
const loanChoice = z
  .enum(['', 'yes', 'no'])
  .transform((choice): LeadInput['loan_needed'] => (choice === '' ? null : choice === 'yes'))
  .pipe(contract.loan_needed);

/** The API takes a missing field and null alike: fields left empty are left out of the request. */
const withoutEmptyFields = (lead: Record<string, unknown>): LeadInput =>
  Object.fromEntries(Object.entries(lead).filter(([, value]) => value != null)) as LeadInput;

/**
 * The contract's lead input as the lead forms hold it: text inputs for the budget and
 * phone, a select for the loan. An empty field reads as null (not given).
 */
export const leadFormSchema = leadInputSchema.omit({ source: true }).extend({ phone: phoneText, budget: budgetText, loan_needed: loanChoice });

/** The add form's: fields left empty are not sent. */
export const addLeadSchema = leadFormSchema.transform(withoutEmptyFields);

export type AddLeadValues = z.input<typeof addLeadSchema>;
export type AddLeadField = keyof AddLeadValues;

export const EMPTY_LEAD = {
  name: '',
  email: '',
  phone: '',
  location: '',
  interestedIn: '',
  budget: '',
  timeline: '',
  loan_needed: '',
  qualified: false,
} satisfies Required<AddLeadValues>;
