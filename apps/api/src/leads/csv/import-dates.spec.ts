import { importedDate } from './import-dates';

const IST = 'Asia/Kolkata';

describe('importedDate', () => {
  it('reads our own export (ISO 8601 with its offset) exactly', () => {
    expect(importedDate('2026-11-23T09:10:46.304Z', IST)?.toISOString()).toBe('2026-11-23T09:10:46.304Z');
  });

  it.each([
    ['03/04/2026', '2026-04-02T18:30:00.000Z'],
    ['3/4/2026', '2026-04-02T18:30:00.000Z'],
    ['03-04-2026', '2026-04-02T18:30:00.000Z'],
    ['03.04.2026', '2026-04-02T18:30:00.000Z'],
    ['31/12/2025 17:45', '2025-12-31T12:15:00.000Z'],
    ['31/12/2025 5:45 PM', '2025-12-31T12:15:00.000Z'],
    ['3 Apr 2026', '2026-04-02T18:30:00.000Z'],
    ['03-Apr-2026', '2026-04-02T18:30:00.000Z'],
    ['2026-04-03', '2026-04-02T18:30:00.000Z'],
  ])('reads %j day first, in the time zone given', (text, iso) => {
    expect(importedDate(text, IST)?.toISOString()).toBe(iso);
  });

  it.each(['', '31/02/2026', '13/13/2026', 'yesterday', '2026'])('refuses %j', (text) => {
    expect(importedDate(text, IST)).toBeUndefined();
  });
});
