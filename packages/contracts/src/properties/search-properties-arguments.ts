import { z } from 'zod';
import { rupeesFromBudgetWords } from '../common/indian-amount';
import { plainText } from '../common/text';
import { PROPERTY_CATEGORIES, type PropertyCategory } from './property';

/** How callers and assistants name the page's categories. */
const CATEGORY_NAMES: Record<PropertyCategory, string[]> = {
  apartment: ['apartment', 'flat', 'condo', 'penthouse', 'studio', 'bhk'],
  villa: ['villa', 'house', 'independent house', 'bungalow', 'row house', 'home'],
  plot: ['plot', 'land', 'site', 'farm land', 'farmland', 'farm plot', 'agricultural land'],
  commercial: ['commercial', 'office', 'office space', 'shop', 'showroom', 'retail', 'co working', 'coworking', 'commercial space'],
};

/** Each name, and its plural, to its category; a Map, so "constructor" names nothing. */
const CATEGORY_WORDS = new Map(
  (Object.entries(CATEGORY_NAMES) as [PropertyCategory, string[]][]).flatMap(([category, words]) =>
    words.flatMap((word) => [
      [word, category],
      [`${word}s`, category],
    ]),
  ) as [string, PropertyCategory][],
);

/**
 * The category words name ("Flat" → apartment, "office space" → commercial, "3BHK villa" →
 * villa: the whole phrase, else its last word that names one), or the words themselves for
 * the enum to refuse.
 */
function categoryOfWords(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const phrase = value.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  const named = [phrase, ...phrase.split(' ').reverse()].find((words) => CATEGORY_WORDS.has(words));
  return named === undefined ? value : CATEGORY_WORDS.get(named);
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "2", "2BHK", "2 bhk", "two bedrooms" → 2; anything else is left for the number check to refuse. */
function bedroomsOfWords(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const words = value.trim().toLowerCase();
  const digits = /^(\d{1,2})\s*(?:bhk|bed(?:room)?s?|rooms?)?$/.exec(words);
  if (digits) return Number(digits[1]);
  const spelled = NUMBER_WORDS.indexOf(words.replace(/\s*(?:bhk|bed(?:room)?s?|rooms?)$/, ''));
  return spelled >= 0 ? spelled : value;
}

/** Assistants send null or "" for what the caller never said: that is not given. */
const notGiven = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const BUDGET_ERROR = 'must be an amount in rupees (8000000) or in words ("80 Lakh", "1.2 Cr")';
const MIN_BUDGET = 100_000;

const place = (description: string) => z.preprocess(notGiven, plainText().trim().max(100, 'must be at most 100 characters').optional()).describe(description);

/**
 * The arguments of the agent's `search_properties` tool, all optional, read leniently (an
 * assistant's words, not a form's): the type by its usual names, the budget in rupees or
 * words, the bedrooms as "2" or "2BHK", null and "" as not given, unknown keys ignored.
 * Its input JSON Schema (`z.toJSONSchema(…, { io: 'input' })`) gives each argument one
 * plain type, as Vapi's tool parameters take them.
 */
export const searchPropertiesArguments = z.object({
  city: place('The city the caller wants, e.g. "Bengaluru" or "Pune"'),
  locality: place('The area or neighbourhood within the city, e.g. "Whitefield" or "Andheri West"'),
  type: z
    .preprocess((value) => categoryOfWords(notGiven(value)), z.enum(PROPERTY_CATEGORIES, `must be one of ${PROPERTY_CATEGORIES.join(', ')}`).optional())
    .describe('The kind of property: apartment (a flat), villa (a house), plot (land) or commercial (an office or shop)'),
  budget: z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value) : notGiven(value)),
      z
        .string(BUDGET_ERROR)
        .transform((words, context) => {
          const rupees = rupeesFromBudgetWords(words);
          if (rupees === undefined) context.addIssue({ code: 'custom', message: BUDGET_ERROR, input: words });
          else if (rupees < MIN_BUDGET) context.addIssue({ code: 'custom', message: `must be at least 1 lakh: ${BUDGET_ERROR}`, input: words });
          else return rupees;
          return z.NEVER;
        })
        .optional(),
    )
    .describe('The most the caller wants to spend, in rupees or as said, e.g. "80 Lakh" or "1.2 Cr"'),
  bedrooms: z
    .preprocess(
      (value) => bedroomsOfWords(notGiven(value)),
      z.number('must be a number of bedrooms, e.g. 2').int('must be a whole number of bedrooms').min(1, 'must be at least 1').max(10, 'must be at most 10').optional(),
    )
    .describe('How many bedrooms (2 for a 2BHK)'),
});
export type SearchPropertiesArguments = z.input<typeof searchPropertiesArguments>;
/** What the search looks for: the budget in whole rupees, the type as a category. */
export type PropertySearchCriteria = z.output<typeof searchPropertiesArguments>;
