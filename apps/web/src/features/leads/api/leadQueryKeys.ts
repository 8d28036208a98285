import type { LeadMatchesQuery } from '@lead-desk/contracts';
import type { LeadView } from '../types';

/** Every lead query lives under 'leads', so one invalidation refreshes the dashboard. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (view: LeadView) => [...leadKeys.lists(), view] as const,
  /** The board's column counts for a view (its stage filter aside: each column is a stage). */
  board: (view: LeadView) => [...leadKeys.all, 'board', view] as const,
  counts: (q: string) => [...leadKeys.all, 'counts', q] as const,
  /** The sources in use with their counts (the Source filter's choices). */
  sources: () => [...leadKeys.all, 'sources'] as const,
  /** The saved views with their live counts. */
  savedViews: () => [...leadKeys.all, 'views'] as const,
  stats: (timeZone: string) => [...leadKeys.all, 'stats', timeZone] as const,
  daily: (timeZone: string) => [...leadKeys.all, 'daily', timeZone] as const,
  /** The speed-to-lead report of a period: new leads and calls change it (the live stream refreshes it). */
  speedToLead: (period?: { from: string; to: string; tz: string }) => [...leadKeys.all, 'speed-to-lead', ...(period ? [period] : [])] as const,
  details: () => [...leadKeys.all, 'detail'] as const,
  detail: (id: string) => [...leadKeys.details(), id] as const,
  /** What the details view reads of a lead besides the lead itself; a change to the lead refreshes them. */
  allParts: () => [...leadKeys.all, 'parts'] as const,
  detailParts: (id: string) => [...leadKeys.allParts(), id] as const,
  notes: (id: string) => [...leadKeys.detailParts(id), 'notes'] as const,
  activity: (id: string) => [...leadKeys.detailParts(id), 'activity'] as const,
  consents: (id: string) => [...leadKeys.detailParts(id), 'consents'] as const,
  /** The WhatsApp conversation, newest first: whatsapp.message events keep it current. */
  whatsappMessages: (id: string) => [...leadKeys.detailParts(id), 'whatsapp-messages'] as const,
  /** What a WhatsApp reply may be now (the window, the opt-in): a consent change publishes lead.updated, a message whatsapp.message. */
  whatsappReply: (id: string) => [...leadKeys.detailParts(id), 'whatsapp-reply'] as const,
  /** The registered WhatsApp templates the reply box offers. */
  whatsappTemplates: () => ['whatsapp-templates'] as const,
  /** Refreshed with the lead's other parts: a Do Not Call or consent change publishes lead.updated. */
  callEligibility: (id: string) => [...leadKeys.detailParts(id), 'call-eligibility'] as const,
  /** Possible duplicates: every pair in sight (null) or one lead's; a dismissal, a merge or a new lead refreshes them all. */
  duplicates: () => [...leadKeys.all, 'duplicates'] as const,
  duplicatePairs: (leadId: string | null) => [...leadKeys.duplicates(), leadId] as const,
  /** The stored leads a phone or email typed into a form belongs to. */
  matches: (query: LeadMatchesQuery) => [...leadKeys.all, 'matches', query] as const,
  mergePreview: (keepId: string, mergeId: string) => [...leadKeys.all, 'merge-preview', keepId, mergeId] as const,
};

/** The pipeline's stages (GET /api/stages), kept current by the live stream. */
export const stageKeys = {
  all: ['stages'] as const,
};

/** Background jobs (GET /api/jobs/:id), kept current by job.updated live events. */
export const jobKeys = {
  job: (id: string) => ['jobs', id] as const,
};

export const callKeys = {
  call: (id: string) => ['calls', id] as const,
};
