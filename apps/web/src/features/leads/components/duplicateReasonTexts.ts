import type { DuplicateReason } from '@lead-desk/contracts';

/** Why two leads may be one person, in the words the dashboard shows. */
export const DUPLICATE_REASON_TEXT: Record<DuplicateReason, string> = {
  same_phone: 'same phone',
  same_email: 'same email',
  gmail_variant: 'Gmail variant',
  close_name_same_location: 'close name in the same location',
};
