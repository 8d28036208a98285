import { importFieldByValues, valueKind } from './column-values';

describe('valueKind', () => {
  it.each([
    ['asha.rao@example.in', 'email'],
    ['98450 12345', 'phone'],
    ['+91 98450-12345', 'phone'],
    ['080 4123 4567', 'phone'],
    ['45 Lakh', 'money'],
    ['₹85,00,000', 'money'],
    ['50 Lakh - 1 Cr', 'money'],
    ['Whitefield', undefined],
    ['87', undefined],
    ['560001', undefined],
    ['', undefined],
  ])('reads %j as %s', (text, kind) => {
    expect(valueKind(text, 'IN')).toBe(kind);
  });
});

describe('importFieldByValues', () => {
  it('suggests phone for a column of phone numbers, however they are written', () => {
    expect(importFieldByValues(['98450 12345', '+91 98765-43210', '09812300001', '080 4123 4567', ''], 'IN')).toBe('phone');
  });

  it('suggests email for a column of emails', () => {
    expect(importFieldByValues(['asha@example.in', 'RAVI@EXAMPLE.COM', 'meera.nair@gmail.com'], 'IN')).toBe('email');
  });

  it('suggests a budget in rupees for a column of amounts written as money', () => {
    expect(importFieldByValues(['45 Lakh', '1.2 Cr', '₹85,00,000', '50 Lakh - 1 Cr'], 'IN')).toBe('budgetInRupees');
  });

  it('holds to "mostly": four filled cells in five', () => {
    const phones = ['9845012345', '9845012346', '9845012347', '9845012348'];
    expect(importFieldByValues([...phones, 'ask for Ravi'], 'IN')).toBe('phone');
    expect(importFieldByValues([...phones.slice(0, 3), 'ask for Ravi', 'evenings'], 'IN')).toBeUndefined();
  });

  it.each([
    ['names', ['Asha Rao', 'Ravi Kumar']],
    ['scores', ['87', '42', '15']],
    ['PIN codes', ['560001', '560066', '411001']],
    ['an empty column', ['', '  ']],
  ])('suggests nothing for %s', (_, values) => {
    expect(importFieldByValues(values, 'IN')).toBeUndefined();
  });
});
