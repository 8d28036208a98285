import { createHmac } from 'node:crypto';
import { hasValidMetaSignature, isMetaSignatureShaped } from './meta-signature';

const SECRET = 'meta-app-secret';
const body = Buffer.from('{"object":"page","entry":[]}');
const signed = (bytes: Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;

describe('Meta webhook signature', () => {
  it('accepts the HMAC-SHA256 of the exact body with the app secret, in either case of hex', () => {
    expect(hasValidMetaSignature(body, signed(body), SECRET)).toBe(true);
    expect(hasValidMetaSignature(body, signed(body).toUpperCase().replace('SHA256=', 'sha256='), SECRET)).toBe(true);
  });

  it('refuses another secret, another body (one byte re-serialised), a missing or malformed header', () => {
    expect(hasValidMetaSignature(body, signed(body, 'other-secret'), SECRET)).toBe(false);
    expect(hasValidMetaSignature(Buffer.from('{"object": "page","entry":[]}'), signed(body), SECRET)).toBe(false);
    expect(hasValidMetaSignature(body, undefined, SECRET)).toBe(false);
    expect(hasValidMetaSignature(body, signed(body).slice(0, -2), SECRET)).toBe(false);
    expect(hasValidMetaSignature(body, signed(body).replace('sha256=', 'sha1='), SECRET)).toBe(false);
  });

  it('tells a header worth reading the body for', () => {
    expect(isMetaSignatureShaped(signed(body))).toBe(true);
    expect(isMetaSignatureShaped(undefined)).toBe(false);
    expect(isMetaSignatureShaped('sha256=zz')).toBe(false);
  });
});
