// The app's view of the stored models. Both generated clients (SQLite, PostgreSQL)
// expose the same model types; the app imports them from here, never from generated/.
import type { Lead as StoredLead, Prisma } from '../generated/sqlite/client';

export type { Call, CallAttempt, CallbackCadence as StoredCallbackCadence, CallRefusal, ChatSession, Job, LeadConsent, LeadDuplicate, LeadMerge, LeadResponseTime, Stage, StaffSession, StaffUser, WebhookEvent, WhatsappMessage, WhatsappTemplate, WhatsappVisitReminder } from '../generated/sqlite/client';

/**
 * A lead as the app reads and builds it. Its identity keys (email_key, name_key, location_key) are left
 * out: LeadsRepository derives them from the name, email and location on every write, and only the
 * identity queries read them.
 */
export type Lead = Omit<StoredLead, 'emailKey' | 'nameKey' | 'locationKey'>;

/** A lead's row with every column, its identity keys too: what a merge keeps to put it back exactly. */
export type { StoredLead };

export type LeadCreateInput = Prisma.LeadCreateInput;
export type LeadUncheckedCreateInput = Prisma.LeadUncheckedCreateInput;
export type LeadUpdateInput = Prisma.LeadUpdateInput;
export type LeadWhereInput = Prisma.LeadWhereInput;
export type CallUncheckedCreateInput = Prisma.CallUncheckedCreateInput;
export type WebhookEventWhereInput = Prisma.WebhookEventWhereInput;

/** A time as the read side gives it: ISO-8601 UTC text ending in Z, what `Date#toISOString` writes. */
export type UtcTimeText = string;

/** A model's row as the read side gives it: booleans as booleans, times as `UtcTimeText` (no Date per row). */
export type ReadRow<Model> = {
  [Column in keyof Model]: Model[Column] extends Date ? UtcTimeText : Model[Column] extends Date | null ? UtcTimeText | null : Model[Column];
};

/** A property's row; its amenities are JSON text (PropertiesRepository reads them into a list). */
export type { Property as PropertyRow } from '../generated/sqlite/client';
