import { describe, expect, it } from 'vitest';
import { phoneSearchText } from './phone-search';

describe('phoneSearchText', () => {
  it.each([
    ['98450', '98450'],
    ['9845012345', '9845012345'],
    ['098450 12345', '9845012345'],
    ['+91 98450-12345', '+919845012345'],
    ['+919845012345', '+919845012345'],
    ['919845012345', '919845012345'],
    ['(+91) 98450.12345', '+919845012345'],
    ['(0)98450 / 12345', '9845012345'],
    [' 98450 ', '98450'],
    ['+91 98', '+9198'],
    ['984', '984'],
  ])('reads %j as the phone text %j', (term, text) => {
    expect(phoneSearchText(term)).toBe(text);
  });

  it.each(['sharma', 'flat 402', 'a98450', '98450x', '98-45a', '+91', '12', '012', '0 12', '', '   ', '+', '++91 98450', '98450+', '#98450'])(
    'does not read %j as a phone number',
    (term) => {
      expect(phoneSearchText(term)).toBeNull();
    },
  );
});
