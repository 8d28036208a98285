import { describe, expect, it } from 'vitest';
import { staffProfileChangesSchema, workingHoursSchema } from './staff-profile';

describe('workingHoursSchema', () => {
  it('takes HH:MM-HH:MM within one day, 24:00 as its end', () => {
    expect(workingHoursSchema.parse(' 10:00-19:00 ')).toBe('10:00-19:00');
    expect(workingHoursSchema.parse('00:00-24:00')).toBe('00:00-24:00');
  });

  it('names one problem for each bad value', () => {
    const messages = (value: string) => workingHoursSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages('9-18')).toEqual(['must be HH:MM-HH:MM such as 10:00-19:00']);
    expect(messages('19:00-10:00')).toEqual(['must start before it ends (HH:MM-HH:MM within one day)']);
    expect(messages('10:00-10:00')).toEqual(['must start before it ends (HH:MM-HH:MM within one day)']);
  });
});

describe('staffProfileChangesSchema', () => {
  it('reads a blank phone as clearing it, and leaves out what is not sent', () => {
    expect(staffProfileChangesSchema.parse({ phone: ' ', workingHours: null })).toEqual({ phone: null, workingHours: null });
    expect(staffProfileChangesSchema.parse({ available: false })).toEqual({ available: false });
  });
});
