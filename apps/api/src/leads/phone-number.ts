import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** E.164 form of a phone number written the way people write them, or null if it is not a real number. */
export function normalizePhoneNumber(text: string, defaultRegion: string): string | null {
  const parsed = parsePhoneNumberFromString(text, defaultRegion as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
