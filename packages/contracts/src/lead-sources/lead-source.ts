import { z } from 'zod';
import { recordIdSchema } from '../common/record-id';
import { plainText } from '../common/text';

/** callback_form, meta, google_ads and whatsapp are built in (their own routes feed them); api is a source an admin made, fed through POST /api/inbound/leads. */
export const leadSourceKindSchema = z.enum(['callback_form', 'meta', 'google_ads', 'whatsapp', 'api']);
export type LeadSourceKind = z.infer<typeof leadSourceKindSchema>;

/** A built-in source keeps its name and has no API keys; its switch and default owner may be set. */
export const isBuiltInLeadSource = (kind: LeadSourceKind) => kind !== 'api';

const sourceName = plainText().trim().min(1, 'is required').max(50, 'must be at most 50 characters');
/** "The agent calls new leads": true or false as an admin chose, null to follow AUTO_CALLBACK. */
const autoCall = z.boolean('must be true, false or null').nullable();

/** Why a delivery of the source was refused or failed, with its time (never a credential or a body). */
export const leadSourceErrorSchema = z.object({ reason: z.string(), message: z.string(), at: z.iso.datetime() });
export type LeadSourceError = z.infer<typeof leadSourceErrorSchema>;

/** GET /api/lead-sources: a source with its switch, its default owner and how it is doing. */
export const leadSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: leadSourceKindSchema,
  builtIn: z.boolean(),
  /** Its new leads go to this member of staff; null: round-robin (as the assignment setting says). */
  defaultOwner: z.object({ id: z.string(), name: z.string() }).nullable(),
  autoCall,
  /** What the switch comes to: its own choice, else AUTO_CALLBACK. */
  callsNewLeads: z.boolean(),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
  /** Leads with this source created today and this week (Monday on) in APP_TIME_ZONE. */
  leadsToday: z.number().int(),
  leadsThisWeek: z.number().int(),
  lastLeadAt: z.iso.datetime().nullable(),
  /** The newest refusal (bad key, rejected payload, bad signature…) or failed delivery; null when none. */
  lastError: leadSourceErrorSchema.nullable(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;

/** GET /api/lead-sources?archived=true also lists the sources admins removed. */
export const leadSourceListQuerySchema = z.object({
  archived: z.enum(['true', 'false'], 'must be true or false').default('false').transform((value) => value === 'true'),
});

/** POST /api/lead-sources: a source for a portal's push, a website form or a connector (kind api). */
export const newLeadSourceSchema = z.strictObject({
  name: sourceName,
  defaultOwnerId: recordIdSchema.nullable().optional(),
  autoCall: autoCall.optional(),
});
export type NewLeadSource = z.input<typeof newLeadSourceSchema>;

/** PATCH /api/lead-sources/:id: what is sent changes; a built-in source keeps its name. */
export const leadSourceChangesSchema = z
  .strictObject({
    name: sourceName.optional(),
    defaultOwnerId: recordIdSchema.nullable().optional(),
    autoCall: autoCall.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'must change name, defaultOwnerId or autoCall');
export type LeadSourceChanges = z.input<typeof leadSourceChangesSchema>;

/** GET/PUT /api/settings/staff-leads: the switch of the leads staff create (Add Lead; not imports), as a source's. */
export const staffLeadCallsSchema = z.strictObject({ autoCall });
export type StaffLeadCalls = z.infer<typeof staffLeadCallsSchema>;
