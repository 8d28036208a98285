import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { UNKNOWN_CALLER } from '../voice/webhooks/end-of-call-report';

/** What a mention of an erased person becomes in a record that outlives them. */
export const ERASED_MENTION = '[erased]';

/** Who an erasure removes, as their leads knew them: phones in E.164, emails, names. */
interface ErasedPerson {
  phones: string[];
  emails: string[];
  names: string[];
}

/** Shorter names ("Al", "Jo") would match too much of what other people wrote. */
const SHORTEST_NAME = 3;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Between a number's digits people write spaces, dots, dashes and brackets: 98765 43210, (98765)-43210. */
const DIGIT_GAP = '[\\s.()-]*';

/** A phone as people write it: its national digits, with or without its country code (+91, 0091) or a trunk 0, any gaps between. */
function phonePattern(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const national = parsed?.nationalNumber ?? e164.replace(/\D/g, '');
  const prefix = parsed ? `(?:(?:\\+|00)${DIGIT_GAP}${parsed.countryCallingCode}${DIGIT_GAP}|0${DIGIT_GAP})?` : '\\+?';
  return `(?<!\\d)${prefix}${[...national].join(DIGIT_GAP)}(?!\\d)`;
}

/** A full name as a whole phrase, any case, any spacing between its words: "Aarav Sharma" is not in "Aaravi Sharmaji". */
function namePattern(name: string): string {
  return `(?<![\\p{L}\\p{N}])${name.trim().split(/\s+/).map(escaped).join('\\s+')}(?![\\p{L}\\p{N}])`;
}

/**
 * Finds an erased person in text that others wrote and that outlives the erasure (a saved view's
 * name and search, an import job's refusals, who asked for the erasure), and blanks them out.
 */
export class PersonMentions {
  private readonly pattern: RegExp | null;

  constructor(person: ErasedPerson) {
    const names = person.names.filter((name) => name.trim().length >= SHORTEST_NAME && name !== UNKNOWN_CALLER);
    const parts = [...person.phones.map(phonePattern), ...person.emails.map(escaped), ...names.map(namePattern)];
    this.pattern = parts.length > 0 ? new RegExp(parts.join('|'), 'giu') : null;
  }

  /** `text` with each mention of the person replaced by ERASED_MENTION. */
  redacted(text: string): string {
    return this.pattern ? text.replace(this.pattern, ERASED_MENTION) : text;
  }

  /** JSON text with each mention redacted in every string it holds, its structure untouched; the very same text when there is none. */
  redactedJson(json: string): string {
    let changed = false;
    const value: unknown = JSON.parse(json, (_key, child: unknown) => {
      if (typeof child !== 'string') return child;
      const redacted = this.redacted(child);
      changed ||= redacted !== child;
      return redacted;
    });
    return changed ? JSON.stringify(value) : json;
  }
}
