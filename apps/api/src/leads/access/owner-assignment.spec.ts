import { ForbiddenFieldException } from '../../common/field-errors';
import { EVERY_LEAD, type LeadAccess } from './lead-access';
import { mayAssignTo, assertMayAssignTo } from './owner-assignment';

const ravi: LeadAccess = { kind: 'own-and-unassigned', staffId: 'ravi' };

describe('mayAssignTo', () => {
  it('lets an agent assign a lead to themselves or to nobody, never to a colleague or an admin', () => {
    expect([mayAssignTo(ravi, 'ravi'), mayAssignTo(ravi, null), mayAssignTo(ravi, 'meera'), mayAssignTo(ravi, 'admin-1')]).toEqual([true, true, false, false]);
  });

  it('lets admins and open mode assign anyone', () => {
    expect([mayAssignTo(EVERY_LEAD, 'meera'), mayAssignTo(EVERY_LEAD, null)]).toEqual([true, true]);
  });

  it('refuses with a 403 naming the field', () => {
    const refusal = (() => {
      try {
        assertMayAssignTo(ravi, 'meera', 'action.ownerId');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ForbiddenFieldException);
    expect((refusal as ForbiddenFieldException).getStatus()).toBe(403);
    expect((refusal as ForbiddenFieldException).errors.map(({ field }) => field)).toEqual(['action.ownerId']);
    expect(() => assertMayAssignTo(ravi, 'ravi', 'ownerId')).not.toThrow();
  });
});
