import { normalizePhoneNumber } from './phone-number';

describe('normalizePhoneNumber', () => {
  it.each([
    ['98765 43210', 'IN', '+919876543210'],
    ['+91 98765-43210', 'IN', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['(212) 555-0123', 'US', '+12125550123'],
    ['+1 (212) 055-0123', 'IN', null],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['+44 20 7946 0958', 'IN', '+442079460958'],
    ['12345', 'IN', null],
    ['call me', 'IN', null],
  ])('reads %j in %s as %s', (text, region, expected) => {
    expect(normalizePhoneNumber(text, region)).toBe(expected);
  });
});
