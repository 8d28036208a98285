import { describe, expect, it } from 'vitest';
import { idParamsSchema } from './record-id';

describe('idParamsSchema', () => {
  it('accepts our ids and the ids an imported file carried', () => {
    for (const id of ['0196a7b2-5c1e-7d43-9a0f-3b2c1d4e5f60', 'no-such-lead', 'LEAD_42']) {
      expect(idParamsSchema.parse({ id })).toEqual({ id });
    }
  });

  it('refuses anything else, naming the id', () => {
    for (const id of ['', '../../etc/passwd', 'a b', 'x'.repeat(65)]) {
      expect(idParamsSchema.safeParse({ id }).error?.issues).toMatchObject([{ path: ['id'], message: 'must be 1 to 64 letters, digits, "-" or "_"' }]);
    }
  });
});
