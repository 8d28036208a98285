import { z } from 'zod';
import { pageCursorSchema } from '../common/text';
import { actorSchema } from '../notes/lead-note';
import { duplicateReasonSchema } from '../leads/lead-duplicates';
import { taskTypeSchema } from '../tasks/task';
import { taskEventSchema } from '../tasks/task-activity';

const named = z.object({ id: z.string(), name: z.string() });
/** Who ended a chat: the visitor ("End chat"), its idleness, or Vapi (a session completed there, e.g. on its expiry). */
const chatEndedBySchema = z.enum(['visitor', 'idle', 'platform']);
const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One kind of timeline entry: when, who, and what it records. */
const entry = <Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ id: z.string(), leadId: z.string(), type: z.literal(type), at: z.iso.datetime(), actor: actorSchema, data });

/** An entry of a lead's activity log: appended in the transaction of every change, never edited. */
export const leadActivitySchema = z.discriminatedUnion('type', [
  entry('created', z.object({ source: z.string() })),
  // A delivery of an inbound channel (callback form, lead ads, a source's API key): what came with it, and the values it gave that the lead kept its own for.
  entry(
    'arrived',
    z.object({
      source: z.string(),
      test: z.boolean(),
      details: z.record(z.string(), z.string()),
      kept: z.array(z.object({ field: z.string(), value: z.string().nullable() })),
    }),
  ),
  entry('imported', z.object({ line: z.number().int(), outcome: z.enum(['created', 'updated']) })),
  /** One entry per changed field. */
  entry('updated', z.object({ field: z.string(), from: fieldValue, to: fieldValue })),
  entry('stage_changed', z.object({ from: named, to: named, lostReason: z.string().nullable() })),
  entry('assigned', z.object({ from: named.nullable(), to: named.nullable(), by: z.enum(['round-robin', 'staff', 'import', 'source']) })),
  entry('note_added', z.object({ noteId: z.string() })),
  entry('note_edited', z.object({ noteId: z.string() })),
  entry('note_deleted', z.object({ noteId: z.string() })),
  entry(
    'call',
    z.object({ callId: z.string(), vapiCallId: z.string(), status: z.string(), endedReason: z.string().nullable(), summary: z.string().nullable() }),
  ),
  /**
   * A chat with the agent on the page, once finished (ended by the visitor, idle for
   * CHAT_IDLE_MINUTES, or completed at Vapi): who said what, in order.
   */
  entry(
    'chat',
    z.object({
      chatSessionId: z.string(),
      vapiSessionId: z.string(),
      endedBy: chatEndedBySchema,
      // text: null once RETENTION_DAYS purged what was said.
      messages: z.array(z.object({ role: z.enum(['visitor', 'agent']), text: z.string().nullable(), at: z.iso.datetime().nullable() })),
    }),
  ),
  entry('tags_changed', z.object({ added: z.array(z.string()), removed: z.array(z.string()) })),
  entry('consent_given', z.object({ consentId: z.string(), channel: z.string(), purpose: z.string() })),
  entry('consent_withdrawn', z.object({ consentId: z.string(), via: z.string() })),
  entry('do_not_call_changed', z.object({ doNotCall: z.boolean(), reason: z.string().nullable() })),
  entry('archived', z.object({})),
  entry('unarchived', z.object({})),
  /** The lead was made for the phone or email of a person erased before (those erasures' ids). */
  entry('previously_erased', z.object({ erasureIds: z.array(z.string()) })),
  /** The lead may be the same person as another (a pair of GET /api/leads/duplicates), found when it was written. */
  entry('possible_duplicate', z.object({ pairId: z.string(), otherLeadId: z.string(), reason: duplicateReasonSchema })),
  /** Another lead was merged into this one (POST /api/leads/merges/:id/undo undoes it within MERGE_UNDO_DAYS). */
  entry('merged', z.object({ mergeId: z.string(), mergedLeadId: z.string() })),
  /** A merge into this lead was undone: the merged lead is back as it was. */
  entry('merge_undone', z.object({ mergeId: z.string(), restoredLeadId: z.string() })),
  /**
   * The agent's callback cadence: an attempt scheduled, moved to the next allowed time, placed,
   * answered or not, or the cadence stopped, reached or exhausted; `text` says it in words.
   */
  entry(
    'callback',
    z.object({
      cadenceId: z.string(),
      /** The attempt's number (1 for the first call), null for the cadence as a whole. */
      attempt: z.number().int().nullable(),
      /** How many attempts the cadence makes at most. */
      of: z.number().int(),
      event: z.enum(['scheduled', 'rescheduled', 'called', 'answered', 'unanswered', 'failed', 'stopped', 'exhausted']),
      text: z.string(),
    }),
  ),
  /**
   * A task on the lead made, moved, reassigned, edited, done, opened again, cancelled or brought
   * back; `text` says it in words ("Site visit booked for Sat 29 Nov, 11:00 at Skyline Residency
   * 2BHK, assigned to Ravi Kumar, by the agent during call …"). `vapiCallId`: the agent did it during that call.
   */
  entry(
    'task',
    z.object({ taskId: z.string(), taskType: taskTypeSchema, event: taskEventSchema, vapiCallId: z.string().nullable(), text: z.string() }),
  ),
  /**
   * A WhatsApp message: the person's, with Meta's timestamp of it, or ours as it was asked for
   * (its delivery statuses are the message's own, GET /api/leads/:id/whatsapp/messages).
   */
  entry(
    'whatsapp_message',
    z.object({
      messageId: z.string(),
      direction: z.enum(['inbound', 'outbound']),
      type: z.string(),
      /** What it says; null for media without a caption, or once the retention purge removed it. */
      text: z.string().nullable(),
      template: z.string().nullable(),
      sentAt: z.iso.datetime(),
    }),
  ),
  /** The retention purge removed the transcripts and recordings of these calls, and what these WhatsApp messages said (entries before WhatsApp have no such list). */
  entry('retention_purged', z.object({ callIds: z.array(z.string()), whatsappMessageIds: z.array(z.string()).optional(), chatSessionIds: z.array(z.string()).optional() })),
]);
export type LeadActivity = z.infer<typeof leadActivitySchema>;
export type LeadActivityType = LeadActivity['type'];
/** An entry's details, by its type. */
export type ActivityData<Type extends LeadActivityType> = Extract<LeadActivity, { type: Type }>['data'];

/** GET /api/leads/:id/activity: newest first, a page at a time (the next page's URL in the Link header). */
export const activityQuerySchema = z.object({
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  cursor: pageCursorSchema.optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
