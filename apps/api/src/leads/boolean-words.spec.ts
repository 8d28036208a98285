import { booleanLike } from './boolean-words';

describe('booleanLike', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    [' Yes ', true],
    ['1', true],
    ['FALSE', false],
    ['no', false],
    ['\t0\n', false],
  ])('reads %j as %s', (value, expected) => {
    expect(booleanLike(value)).toBe(expected);
  });

  it.each([['maybe'], [''], ['y'], ['2'], [1], [0], [null], [undefined], [{}], ['constructor'], ['__proto__']])('reads %j as nothing', (value) => {
    expect(booleanLike(value)).toBeUndefined();
  });
});
