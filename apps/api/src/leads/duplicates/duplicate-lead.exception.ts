import { ConflictException } from '@nestjs/common';
import type { DuplicateLeadConflict } from '@lead-desk/contracts';
import type { SharedContact } from '../lead-identity';

/** What each reason says the new lead shares with the stored one. */
const SHARED: Record<SharedContact, { field: 'phone' | 'email'; words: string }> = {
  same_phone: { field: 'phone', words: 'this phone number' },
  same_email: { field: 'email', words: 'this email' },
  gmail_variant: { field: 'email', words: 'this Gmail address (dots and +tags aside)' },
};

/**
 * The 409 of a lead created over a stored lead's phone or email: it names that lead by id
 * only (a viewer may not be allowed to see it), and how to add the new one all the same.
 */
export class DuplicateLeadException extends ConflictException {
  constructor(existingLeadId: string, reason: SharedContact) {
    const { field, words } = SHARED[reason];
    const body: DuplicateLeadConflict = {
      statusCode: 409,
      error: 'Conflict',
      message: `Lead ${existingLeadId} already has ${words}: open it, or send allowDuplicate: true to add this lead as its possible duplicate.`,
      errors: [{ field, message: `is the ${field} of lead ${existingLeadId}` }],
      existingLeadId,
    };
    super(body);
  }
}
