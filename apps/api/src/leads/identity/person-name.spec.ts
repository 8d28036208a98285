import { nameKey, namesDifferBeyondSpelling, nameWords } from './person-name';

describe('nameWords', () => {
  it('folds the spellings of one Indian name to one word, and leaves honorifics and punctuation out', () => {
    expect(nameWords('Shri Aarav  SHARMA-ji')).toEqual(['arav', 'sarma']);
    expect(nameWords('Lakshmi')).toEqual(nameWords('Laxmi'));
    expect(nameWords('Siddharth')).toEqual(nameWords('Sidharth'));
    expect(nameWords('Deepak')).toEqual(nameWords('Dipak'));
    expect(nameWords('Aditya')).toEqual(nameWords('Adithya'));
    expect(nameWords('José Zoë')).toEqual(nameWords('Jose Zoe'));
  });

  it('keeps digits as they are: "Flat 11" is not "Flat 1"', () => {
    expect(nameWords('Edit Me 11')).toEqual(['edit', 'me', '11']);
  });

  it('keeps letters of any script', () => {
    expect(nameWords('राहुल वर्मा')).toHaveLength(2);
  });
});

describe('namesDifferBeyondSpelling', () => {
  it.each([
    ['Aarav Sharma', 'Arav Sharma'],
    ['Aarav Sharma', 'AARAV SHARMA'],
    ['Aarav Sharma', 'A. Sharma'],
    ['Aarav', 'Aarav Sharma'],
    ['Sharma Aarav', 'Aarav Sharma'],
    ['Mohammed Iqbal', 'Mohammad Iqbal'],
    ['Mr. Rahul Verma', 'Rahul Verma'],
  ])('%s and %s are one name', (name, other) => {
    expect(namesDifferBeyondSpelling(name, other)).toBe(false);
    expect(namesDifferBeyondSpelling(other, name)).toBe(false);
  });

  it.each([
    ['Rahul Verma', 'Aarav Sharma'],
    ['Aarav Sharma', 'Aarav Verma'],
    ['Amit', 'Amita'],
    ['Rahul', 'Rahil'],
    ['Aarav K', 'Aarav Sharma'],
  ])('%s and %s are two people', (name, other) => {
    expect(namesDifferBeyondSpelling(name, other)).toBe(true);
    expect(namesDifferBeyondSpelling(other, name)).toBe(true);
  });

  it('says nothing differs when a name is missing', () => {
    expect(namesDifferBeyondSpelling(null, 'Aarav Sharma')).toBe(false);
    expect(namesDifferBeyondSpelling('Aarav Sharma', '  -- ')).toBe(false);
  });
});

describe('nameKey', () => {
  it('is one key for the spellings and orders of one full name', () => {
    expect(nameKey('Aarav Sharma')).toBe(nameKey('sharma, Arav'));
    expect(nameKey('Aarav Sharma')).not.toBe(nameKey('Aarav Verma'));
  });

  it('is null for a single word', () => {
    expect(nameKey('Rahul')).toBeNull();
    expect(nameKey('Dr. Rahul')).toBeNull();
  });
});
