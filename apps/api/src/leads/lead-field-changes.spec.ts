import { columnsBesideFields, leadFieldChanges } from './lead-field-changes';

describe('leadFieldChanges', () => {
  const before = { name: 'Meera', email: 'meera@example.in', budgetAmount: 4500000, budgetText: null, loanNeeded: null };

  it('names each field that really changes, under its JSON name, with the old and new value', () => {
    expect(leadFieldChanges(before, { name: 'Meera', email: 'm@example.in', loanNeeded: true })).toEqual([
      { field: 'email', from: 'meera@example.in', to: 'm@example.in' },
      { field: 'loan_needed', from: null, to: true },
    ]);
  });

  it('reads the budget across its two columns', () => {
    expect(leadFieldChanges(before, { budgetAmount: null, budgetText: '45 Lakh' })).toEqual([{ field: 'budget', from: 4500000, to: '45 Lakh' }]);
    expect(leadFieldChanges(before, { budgetAmount: 4500000, budgetText: null })).toEqual([]);
  });
});

describe('columnsBesideFields', () => {
  it('leaves out the columns of the fields named, both of the budget\'s', () => {
    const changes = { name: 'Meera Iyer', location: 'Baner', budgetAmount: null, budgetText: '50 Lakh', timeline: 'soon' };
    expect(columnsBesideFields(changes, new Set(['name', 'budget']))).toEqual({ location: 'Baner', timeline: 'soon' });
    expect(columnsBesideFields(changes, new Set())).toEqual(changes);
  });
});
