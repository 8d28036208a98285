import { describe, expect, it } from 'vitest';
import { formatWait } from '../reportPeriod';

describe('formatWait', () => {
  it('says a wait as people do', () => {
    expect([0, 45.4, 60, 84, 3599, 3600, 7380, 86_400 * 2 + 3600 * 4].map(formatWait)).toEqual(['0 s', '45 s', '1 min', '1 min 24 s', '59 min 59 s', '1 h 0 min', '2 h 3 min', '2 d 4 h']);
  });
});
