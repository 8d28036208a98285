import { inIndianUnits, type PropertyCategory, type PropertySearchCriteria, type PropertyStatus } from '@lead-desk/contracts';

/** What the search reads of a property. */
export interface SearchableProperty {
  id: number;
  name: string;
  locality: string;
  city: string;
  location: string;
  category: PropertyCategory;
  priceRupees: number;
  bedrooms: number | null;
  highlight: string | null;
  status: PropertyStatus;
}

/** The agent's answer to `search_properties`. */
export interface PropertySearchAnswer {
  /** What the agent tells the caller: a sentence, then one line per property, each naming its property id for a booking. */
  text: string;
  /** The properties offered, best first. */
  properties: SearchableProperty[];
  /** true: they match everything asked; false: nothing did and these are the nearest alternatives (or none at all). */
  exact: boolean;
}

/** At most this many properties are offered: a caller keeps three in mind, not ten. */
export const MAX_OFFERED = 3;

/** A property up to this much above the budget still matches it: buyers stretch a little. */
export const BUDGET_TOLERANCE = 0.1;

/** Being over budget counts this many times being under by as much: a cheaper home is the easier sale. */
const OVER_BUDGET_WEIGHT = 2;

/** What the criteria are relaxed by when nothing matches, one at a time and then together, in this order: the price first, the kind of property last. */
const RELAXABLE = ['budget', 'bedrooms', 'locality', 'city', 'type'] as const;
type Criterion = (typeof RELAXABLE)[number];

/** The names callers use for cities the data spells otherwise. */
const CITY_ALIASES: Record<string, string> = {
  bangalore: 'bengaluru',
  gurgaon: 'gurugram',
  bombay: 'mumbai',
  madras: 'chennai',
  calcutta: 'kolkata',
  poona: 'pune',
};

const CATEGORY_PLURALS: Record<PropertyCategory, string> = {
  apartment: 'apartments',
  villa: 'villas',
  plot: 'plots',
  commercial: 'commercial properties',
};

/**
 * The few best available properties for what a caller asked (place, kind, budget,
 * bedrooms; all optional), phrased to be read aloud. Matches are ranked closest to the
 * budget first (within BUDGET_TOLERANCE above it), else cheapest first. When nothing
 * matches, the criteria are relaxed until something does and those are offered as the
 * nearest alternatives, with a sentence saying nothing matched exactly.
 */
export function searchProperties(inventory: readonly SearchableProperty[], criteria: PropertySearchCriteria): PropertySearchAnswer {
  const available = inventory.filter((property) => property.status === 'available');
  const exact = rank(available.filter((property) => matches(property, criteria)), criteria.budget);
  if (exact.length > 0) {
    const offered = exact.slice(0, MAX_OFFERED);
    return { text: [matchSentence(exact.length, offered.length, criteria), ...offered.map(lineOf)].join('\n'), properties: offered, exact: true };
  }

  for (const dropped of relaxations(criteria)) {
    const relaxed = withoutCriteria(criteria, dropped);
    const nearest = rank(available.filter((property) => matches(property, relaxed)), criteria.budget).slice(0, MAX_OFFERED);
    if (nearest.length > 0) {
      const intro = nearest.length === 1 ? 'The nearest alternative is:' : `The ${nearest.length} nearest alternatives are:`;
      return { text: [`${noMatchSentence(criteria)} ${intro}`, ...nearest.map(lineOf)].join('\n'), properties: nearest, exact: false };
    }
  }
  return {
    text: 'There are no properties available right now. A member of our team can call back as soon as new ones come in.',
    properties: [],
    exact: false,
  };
}

/** A price read aloud well by a voice: "1.2 crore rupees", "49.5 lakh rupees", "75,000 rupees". */
export function priceInWords(rupees: number): string {
  const { amount, unit } = inIndianUnits(rupees);
  return unit === null ? `${amount.toLocaleString('en-IN')} rupees` : `${amount} ${unit} rupees`;
}

function matches(property: SearchableProperty, criteria: PropertySearchCriteria): boolean {
  return (
    (criteria.city === undefined || placeMatches(cityKey(criteria.city), property.city, property.location)) &&
    (criteria.locality === undefined || placeMatches(placeKey(criteria.locality), property.locality, property.location)) &&
    (criteria.type === undefined || property.category === criteria.type) &&
    (criteria.bedrooms === undefined || property.bedrooms === criteria.bedrooms) &&
    (criteria.budget === undefined || property.priceRupees <= budgetCeiling(criteria.budget))
  );
}

/** The most a property may cost to match a budget, in whole rupees (so 90 Lakh's ceiling is exactly 99 Lakh). */
export function budgetCeiling(budget: number): number {
  return Math.round(budget * (1 + BUDGET_TOLERANCE));
}

/** Letters and digits only, lower case: "HITEC City", "hitec-city" and "Hitec city" are one place. */
function placeKey(place: string): string {
  return place.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function cityKey(city: string): string {
  const key = placeKey(city);
  return CITY_ALIASES[key] ?? key;
}

/** A place matches where one of the property's names for it contains it ("Andheri" is in "Andheri West"). */
function placeMatches(key: string, ...names: string[]): boolean {
  return key !== '' && names.some((name) => placeKey(name).includes(key));
}

/** Closest to the budget first (over it weighing double), else cheapest first; the id breaks ties, so the order is stable. */
function rank(properties: SearchableProperty[], budget: number | undefined): SearchableProperty[] {
  const distance = (price: number) => (budget === undefined ? price : price > budget ? (price - budget) * OVER_BUDGET_WEIGHT : budget - price);
  return [...properties].sort((a, b) => distance(a.priceRupees) - distance(b.priceRupees) || a.id - b.id);
}

/** Each given criterion dropped on its own, then more and more of them together, in RELAXABLE's order. */
function relaxations(criteria: PropertySearchCriteria): Criterion[][] {
  const given = RELAXABLE.filter((criterion) => criteria[criterion] !== undefined);
  const alone = given.map((criterion) => [criterion]);
  const together = given.map((_, index) => given.slice(0, index + 1)).filter((dropped) => dropped.length > 1);
  return [...alone, ...together];
}

/** The criteria without those dropped; a dropped city takes its locality with it (a locality is within a city). */
function withoutCriteria(criteria: PropertySearchCriteria, dropped: Criterion[]): PropertySearchCriteria {
  const remaining: PropertySearchCriteria = { ...criteria };
  for (const criterion of dropped) delete remaining[criterion];
  if (dropped.includes('city')) delete remaining.locality;
  return remaining;
}

/** "I found 4 available apartments within 1 crore rupees. Here are 3, closest to the budget first:" */
function matchSentence(found: number, offered: number, criteria: PropertySearchCriteria): string {
  const what = describe(criteria, found);
  const order = criteria.budget === undefined ? 'from the lowest price' : 'closest to the budget first';
  if (found === 1) return `I found one available ${what}:`;
  return found > offered ? `I found ${found} available ${what}. Here are ${offered}, ${order}:` : `I found ${found} available ${what}, ${order}:`;
}

/** "I found no available villas in Pune within 50 lakh rupees." */
function noMatchSentence(criteria: PropertySearchCriteria): string {
  return `I found no available ${describe(criteria, 0)}.`;
}

/** "3-bedroom apartments in Whitefield, Bengaluru within 1 crore rupees": what was asked, in words. */
function describe(criteria: PropertySearchCriteria, count: number): string {
  const kind = criteria.type === undefined ? 'properties' : CATEGORY_PLURALS[criteria.type];
  const noun = count === 1 ? singular(kind) : kind;
  const bedrooms = criteria.bedrooms === undefined ? '' : `${criteria.bedrooms}-bedroom `;
  const place = [criteria.locality, criteria.city].filter((part) => part !== undefined).join(', ');
  const where = place === '' ? '' : ` in ${place}`;
  const budget = criteria.budget === undefined ? '' : ` within ${priceInWords(criteria.budget)}`;
  return `${bedrooms}${noun}${where}${budget}`;
}

function singular(plural: string): string {
  return plural === 'properties' ? 'property' : plural === 'commercial properties' ? 'commercial property' : plural.replace(/s$/, '');
}

/** "Property 2: Prestige Lakeside Habitat 3BHK, a 3-bedroom apartment in Whitefield, Bengaluru, for 95 lakh rupees. A 3BHK overlooking the lake." */
function lineOf(property: SearchableProperty): string {
  const bedrooms = property.bedrooms === null ? '' : `${property.bedrooms}-bedroom `;
  const kind = singular(CATEGORY_PLURALS[property.category]);
  // As said aloud: "an apartment", "an 8-bedroom villa", "an 11-bedroom…".
  const article = /^(?:[aeiou]|8|11-|18-)/i.test(`${bedrooms}${kind}`) ? 'an' : 'a';
  const highlight = property.highlight ? ` ${sentence(property.highlight)}` : '';
  return `Property ${property.id}: ${property.name}, ${article} ${bedrooms}${kind} in ${property.locality}, ${property.city}, for ${priceInWords(property.priceRupees)}.${highlight}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
