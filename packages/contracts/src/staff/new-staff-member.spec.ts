import { describe, expect, it } from 'vitest';
import { newStaffMemberSchema } from './new-staff-member';

describe('newStaffMemberSchema', () => {
  it('lowercases the email and keeps the password as typed', () => {
    expect(newStaffMemberSchema.parse({ email: ' Meera@Example.IN ', name: ' Meera ', role: 'agent', password: ' twelve chars ' })).toEqual({
      email: 'meera@example.in',
      name: 'Meera',
      role: 'agent',
      password: ' twelve chars ',
    });
  });

  it('names a short password and an unknown role', () => {
    const result = newStaffMemberSchema.safeParse({ email: 'meera@example.in', name: 'Meera', role: 'owner', password: 'short' });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'role: must be admin or agent',
      'password: must be at least 12 characters',
    ]);
  });
});
