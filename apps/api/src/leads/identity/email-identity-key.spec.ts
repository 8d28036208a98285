import { emailIdentityKey, isGmailVariant } from './email-identity-key';

describe('emailIdentityKey', () => {
  it('ignores case and surrounding space', () => {
    expect(emailIdentityKey('  Asha.Rao@Example.IN ')).toBe('asha.rao@example.in');
  });

  it("drops Gmail's dots and +tag, and reads googlemail.com as gmail.com", () => {
    expect(emailIdentityKey('Aarav.Sharma+homes@googlemail.com')).toBe('aaravsharma@gmail.com');
    expect(emailIdentityKey('a.a.r.a.v.sharma@gmail.com')).toBe('aaravsharma@gmail.com');
  });

  it("keeps other providers' dots and +tags: only Gmail is known to ignore them", () => {
    expect(emailIdentityKey('asha.rao+leads@example.in')).toBe('asha.rao+leads@example.in');
    expect(emailIdentityKey('asha.rao@outlook.com')).not.toBe(emailIdentityKey('asharao@outlook.com'));
  });

  it('leaves text without a local part as it is', () => {
    expect(emailIdentityKey('@gmail.com')).toBe('@gmail.com');
    expect(emailIdentityKey('not-an-email')).toBe('not-an-email');
  });
});

describe('isGmailVariant', () => {
  it('is true only for different addresses that meet through Gmail', () => {
    expect(isGmailVariant('aarav.sharma@gmail.com', 'aaravsharma+x@gmail.com')).toBe(true);
    expect(isGmailVariant('aarav@gmail.com', 'AARAV@gmail.com')).toBe(false);
    expect(isGmailVariant('aarav@example.in', 'rahul@example.in')).toBe(false);
  });
});
