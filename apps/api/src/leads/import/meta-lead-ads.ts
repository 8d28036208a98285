import type { ImportTarget } from '@lead-desk/contracts';
import { answerInWords, questionInWords } from '../csv/meta-slugs';

/** How a recognised export's column is read without a mapping. */
export interface ExportColumn {
  target: ImportTarget;
  /** The column's name in a note line, where it differs from its header. */
  noteLabel?: string;
  /** The cell as plain text, from the way the export writes it (`p:+91…`, answer slugs). */
  readText?: (text: string) => string;
}

/** The headers every "Download leads" file of Ads Manager has (Meta's TSV export), whatever its form asks. */
const SIGNATURE = ['id', 'created_time', 'ad_id', 'campaign_name', 'form_name', 'platform'];

const IGNORED: ExportColumn = { target: 'ignore' };

/** Meta marks each value's kind with a prefix: `p:` a phone number, `l:` a lead id (`ag:`, `as:`, `c:`, `f:` ids are ignored). */
const withoutPrefix = (prefix: string) => (text: string) => (text.startsWith(prefix) ? text.slice(prefix.length).trim() : text);
const phoneText = withoutPrefix('p:');

/** Where the person saw the ad: Facebook or Instagram. */
const PLATFORM_SOURCES = new Map([
  ['fb', 'facebook ads'],
  ['ig', 'instagram ads'],
]);

/** Meta's own columns; every other column (`constructor` too: a Map) is a question of the form. */
const META_COLUMNS = new Map<string, ExportColumn>(
  Object.entries({
    id: { target: 'note', noteLabel: 'Meta lead id', readText: withoutPrefix('l:') },
    created_time: { target: 'createdAt' },
    ad_id: IGNORED,
    ad_name: IGNORED,
    adset_id: IGNORED,
    adset_name: IGNORED,
    campaign_id: IGNORED,
    campaign_name: { target: 'noteAndTag', noteLabel: 'Campaign' },
    form_id: IGNORED,
    form_name: { target: 'noteAndTag', noteLabel: 'Form' },
    is_organic: IGNORED,
    platform: { target: 'source', readText: (text) => PLATFORM_SOURCES.get(text.trim().toLowerCase()) ?? 'meta ads' },
    inbox_url: IGNORED,
    lead_status: IGNORED,
    // The form's contact fields Meta fills in from the person's profile.
    full_name: { target: 'name' },
    first_name: { target: 'firstName' },
    last_name: { target: 'lastName' },
    email: { target: 'email' },
    phone_number: { target: 'phone', readText: phoneText },
    city: { target: 'location' },
  } satisfies Record<string, ExportColumn>),
);

/** A question of the form: about the budget, the lead's budget (a range stays as written); any other, a line of the note. Answers in words. */
function questionColumn(header: string): ExportColumn {
  const readText = (text: string) => answerInWords(phoneText(text));
  return { target: /budget/i.test(header) ? 'budgetInRupees' : 'note', noteLabel: questionInWords(header), readText };
}

/**
 * A Meta Lead Ads export ("Download leads" in Ads Manager), recognised by its headers: each
 * column as it is read without a mapping. The phone's `p:` goes, `created_time` is the
 * lead's creation time, `platform` its source (`facebook ads`, `instagram ads`), the
 * campaign and form become tags and note lines, the form's questions and Meta's lead id
 * note lines (answers in words), Meta's ad, ad set, campaign and form ids are ignored.
 * Undefined for a file that is not one.
 */
export function metaLeadAdsColumns(headers: string[]): ExportColumn[] | undefined {
  if (!SIGNATURE.every((name) => headers.includes(name))) return undefined;
  return headers.map((header) => META_COLUMNS.get(header) ?? questionColumn(header));
}
