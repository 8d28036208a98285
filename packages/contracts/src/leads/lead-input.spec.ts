import { describe, expect, it } from 'vitest';
import { leadInputSchema } from './lead-input';

/** The issues of a refused input, as `field: message`. */
function problems(input: unknown): string[] {
  const result = leadInputSchema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('leadInputSchema', () => {
  it('trims text, lowercases the email and reads blank optional fields as not given (null)', () => {
    expect(
      leadInputSchema.parse({ name: '  Asha Rao ', email: ' Asha.Rao@Example.IN ', phone: '   ', location: '', budget: ' ', timeline: ' 3 months ' }),
    ).toEqual({ name: 'Asha Rao', email: 'asha.rao@example.in', phone: null, location: null, budget: null, timeline: '3 months' });
    expect(leadInputSchema.parse({ name: 'Asha', email: '  ' })).toEqual({ name: 'Asha', email: null });
  });

  it('keeps a budget as given: a number, or text', () => {
    expect(leadInputSchema.parse({ name: 'A', budget: 4_500_000 }).budget).toBe(4_500_000);
    expect(leadInputSchema.parse({ name: 'A', budget: ' 2.5 Cr ' }).budget).toBe('2.5 Cr');
  });

  it('names what is wrong with each field', () => {
    expect(problems({})).toEqual(['name: is required']);
    expect(problems({ name: null })).toEqual(['name: is required']);
    expect(problems({ name: '   ' })).toEqual(['name: is required']);
    expect(problems({ name: 7 })).toEqual(['name: must be text']);
    expect(problems({ name: 'x'.repeat(201) })).toEqual(['name: must be at most 200 characters']);
    expect(problems({ name: 'A\u0000B' })).toEqual(['name: must not contain NUL characters']);
    expect(problems({ name: 'A', email: 'not-an-email' })).toEqual(['email: must be a valid email address']);
    expect(problems({ name: 'A', budget: -1 })).toEqual(['budget: must not be negative']);
    expect(problems({ name: 'A', budget: true })).toEqual(['budget: must be a number or text']);
    expect(problems({ name: 'A', qualified: 'yes' })).toEqual(['qualified: must be true or false']);
    expect(problems({ name: 'A', location: 'x'.repeat(201) })).toEqual(['location: must be at most 200 characters']);
  });

  it('refuses a field it does not know', () => {
    const result = leadInputSchema.safeParse({ name: 'A', stage: 'won' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['stage'] }]);
  });
});
