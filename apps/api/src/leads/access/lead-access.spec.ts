import { canSeeLead, EVERY_LEAD, leadAccessOf } from './lead-access';

const member = (role: 'admin' | 'agent', id: string) => ({ id, role, email: `${id}@example.in`, name: id, sessionId: `session-${id}` });

describe('lead access', () => {
  it('gives admins and open mode every lead, an agent their own and the unassigned ones', () => {
    expect(leadAccessOf(undefined)).toEqual(EVERY_LEAD);
    expect(leadAccessOf(member('admin', 'asha'))).toEqual(EVERY_LEAD);
    expect(leadAccessOf(member('agent', 'ravi'))).toEqual({ kind: 'own-and-unassigned', staffId: 'ravi' });
  });

  it('shows an agent a lead they own or nobody owns, never a colleague’s', () => {
    const ravi = leadAccessOf(member('agent', 'ravi'));
    expect([canSeeLead(ravi, 'ravi'), canSeeLead(ravi, null), canSeeLead(ravi, 'meera')]).toEqual([true, true, false]);
    expect(canSeeLead(EVERY_LEAD, 'meera')).toBe(true);
  });
});
