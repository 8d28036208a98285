import { leadFieldChanges } from './lead-field-changes';

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
