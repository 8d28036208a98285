/** What a credential's value becomes wherever a stored or shown message carries one. */
export const MASK = '[redacted]';

/**
 * A word of a key that names a credential: token, secret, password, key, credential, signature,
 * cookie (each also plural, and glued to a prefix such as api, access, auth or private:
 * "apikey", "accesstoken"), or auth, authorization, authentication, private, bearer, jwt, pwd.
 * Whole words only, so "keywords", "keypadInputPlan", "monkey", "author" and "tokenizer" stay.
 */
const CREDENTIAL_WORD =
  /^(?:api|access|refresh|id|auth|bearer|session|private|public|secret|client|signing|pass)?(?:key|token|secret|password|passwd|passphrase|credential|signature|cookie)s?$|^(?:auth|authorization|authentication|private|bearer|jwt|pwd)$/;

/** Most keys hold none of these letters: they skip the split into words. */
const MAY_NAME_A_CREDENTIAL = /key|token|secret|pass|pwd|credential|signature|cookie|auth|private|bearer|jwt/i;

/** A key's words: split at separators, at camelCase humps (openAIKey: open, ai, key) and between letters and digits. */
function wordsOf(key: string): string[] {
  return key
    .replace(/(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/g, ' ')
    .toLowerCase()
    .split(/[^a-z\d]+/)
    .filter(Boolean);
}

/** Whether a key's value is a credential, in whatever case and at whatever depth it sits (twilioAuthToken, private_key, X-Api-Key, key). */
export function isCredentialKey(key: string): boolean {
  return MAY_NAME_A_CREDENTIAL.test(key) && wordsOf(key).some((word) => CREDENTIAL_WORD.test(word));
}

/**
 * A credential is text, or a structure that holds text (a credentials array, an authentication
 * plan): those are masked whole. A number, a flag or null under such a key is not one
 * (maxTokens: 250, promptTokens: 1200, withCredentials: true) and is kept.
 */
function holdsCredential(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null);
}

/**
 * Masks a credential, as JSON.stringify's replacer (a message masked as it is written, without
 * a copy of it) or JSON.parse's reviver (a stored message masked as it is read).
 */
export function maskCredential(key: string, value: unknown): unknown {
  return holdsCredential(value) && isCredentialKey(key) ? MASK : value;
}
