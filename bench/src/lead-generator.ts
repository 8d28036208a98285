import { randomUUID } from 'node:crypto';
import { identityKeyColumns } from '../../apps/api/src/leads/identity/identity-key-columns';
import { flaggedIndexOf, plannedDuplicate } from './duplicate-generator';

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Ananya', 'Diya', 'Priya', 'Kavya', 'Saanvi', 'Meera', 'Isha', 'Neha', 'Pooja', 'Riya', 'Rahul', 'Vikram', 'Karthik', 'Siddharth', 'Lakshmi', 'Divya', 'Sneha', 'Nikhil', 'Manish', 'Deepika'];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Mehta', 'Singh', 'Kulkarni', 'Joshi', 'Rao', 'Gupta', 'Menon', 'Das', 'Banerjee', 'Chopra', 'Kapoor', 'Agarwal', 'Pillai', 'Desai'];
const CITIES = ['Mumbai', 'Pune', 'Bengaluru', 'Hyderabad', 'Chennai', 'New Delhi', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Kochi', 'Lucknow', 'Indore', 'Chandigarh', 'Nagpur'];
const INTERESTS = ['2 BHK Apartment', '3 BHK Apartment', 'Villa', 'Plot', 'Commercial Office', 'Commercial Shop'];
const TIMELINES = ['1 month', '3 months', '6 months', '1 year', 'Just exploring'];
const SOURCES = ['voice bot', 'voice bot', 'chat bot', 'web form'];
const ENDED_REASONS = ['customer-ended-call', 'assistant-ended-call', 'silence-timed-out', 'customer-did-not-answer'];
const CALL_TYPES = ['webCall', 'inboundPhoneCall', 'outboundPhoneCall'];
/** The default pipeline's stages (migration 20261123233554_pipeline) and the percentage of leads in each. */
const STAGE_SHARES: [stageId: string, percent: number][] = [
  ['stage-new', 40], ['stage-contacted', 20], ['stage-site-visit-scheduled', 10], ['stage-site-visit-done', 8],
  ['stage-negotiation', 5], ['stage-booked', 5], ['stage-lost', 12],
];
const LOST_REASONS = ['Budget too low', 'Bought elsewhere', 'Not reachable', 'Location mismatch'];

/** The agents of the data set: each owns a fifth of the leads (the last fifth is unassigned), all available for round-robin. */
export const BENCH_AGENTS = [1, 2, 3, 4].map((n) => ({ id: `bench-agent-${n}`, name: `Bench Agent ${n}`, email: `agent${n}@bench.example.in` }));
/** An admin beside them, who owns no lead. */
export const BENCH_ADMIN = { id: 'bench-admin', name: 'Bench Admin', email: 'admin@bench.example.in' };
/** The bench staff's password: a scenario signs in to measure an admin's and an agent's view (AUTH_MODE=staff). */
export const BENCH_STAFF_PASSWORD = 'bench staff password';

export interface GeneratedLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The identity keys the app writes beside the email and the name (identityKeyColumns). */
  emailKey: string | null;
  nameKey: string | null;
  locationKey: string | null;
  location: string;
  qualified: boolean;
  source: string;
  interestedIn: string;
  budgetAmount: number | null;
  budgetText: string | null;
  timeline: string;
  loanNeeded: boolean;
  createdAt: Date;
  stageId: string;
  ownerId: string | null;
  lostReason: string | null;
  archivedAt: Date | null;
  tags: string[];
  doNotCall: boolean;
  doNotCallReason: string | null;
}

export interface GeneratedCall {
  id: string;
  vapiCallId: string;
  leadId: string;
  type: string;
  status: string;
  endedReason: string;
  customerNumber: string;
  startedAt: Date;
  endedAt: Date;
  durationSeconds: number;
  cost: number;
  summary: string;
  transcript: string;
  recordingUrl: string;
  structuredData: string;
  createdAt: Date;
}

const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
const cityOf = (i: number) => CITIES[(i * 7) % CITIES.length];
const mailboxOf = (i: number) => `${nameOf(i).toLowerCase().replace(' ', '.')}.${i}`;

/**
 * Lead `i`'s contact: its own, unless it is a possible duplicate (about 2%, see
 * duplicate-generator.ts) of an older lead whose phone, email, Gmail mailbox (written
 * with other dots and a +tag) or full name and city it shares; a lead whose Gmail
 * variant comes later has a Gmail address.
 */
function contactOf(i: number, count: number): { name: string; email: string; phone: string; location: string } {
  const own = { name: nameOf(i), email: `${mailboxOf(i)}@example.in`, phone: generatedPhone(i), location: cityOf(i) };
  const flagged = flaggedIndexOf(i, count);
  if (flagged !== null && plannedDuplicate(flagged, count)?.reason === 'gmail_variant') own.email = `${mailboxOf(i)}@gmail.com`;
  const plan = plannedDuplicate(i, count);
  const j = plan?.otherIndex ?? i;
  switch (plan?.reason) {
    case 'same_phone':
      return { ...own, phone: generatedPhone(j) };
    case 'same_email':
      return { ...own, email: `${mailboxOf(j)}@example.in` };
    case 'gmail_variant':
      return { ...own, email: `${mailboxOf(j).replaceAll('.', '')}+homes@gmail.com` };
    case 'close_name_same_location':
      return { ...own, name: nameOf(j), location: cityOf(j) };
    default:
      return own;
  }
}

/** Lead number `i` of a data set of `count`: deterministic, realistic, a third of them qualified, spread over a year. */
export function generatedLead(i: number, now: number, count: number): GeneratedLead {
  const contact = contactOf(i, count);
  const keys = identityKeyColumns(contact);
  const budgetLakh = 20 + ((i * 37) % 480);
  const stageId = stageOf(i);
  return {
    id: randomUUID(),
    ...contact,
    emailKey: keys.emailKey ?? null,
    nameKey: keys.nameKey ?? null,
    locationKey: keys.locationKey ?? null,
    qualified: i % 3 === 0,
    source: SOURCES[i % SOURCES.length],
    interestedIn: INTERESTS[i % INTERESTS.length],
    budgetAmount: i % 2 === 0 ? budgetLakh * 100_000 : null,
    budgetText: i % 2 === 0 ? null : `${budgetLakh} Lakh`,
    timeline: TIMELINES[i % TIMELINES.length],
    loanNeeded: i % 4 !== 0,
    // Newest first by index, about 30 s apart on average across a year at 1M leads.
    createdAt: new Date(now - i * 31_000 - (i % 997)),
    stageId,
    // Four agents in turn, every fifth lead unassigned; independent of the stage (which follows i / 5).
    ownerId: i % 5 === 4 ? null : BENCH_AGENTS[i % 5].id,
    lostReason: stageId === 'stage-lost' ? LOST_REASONS[i % LOST_REASONS.length] : null,
    // One lead in fifty is archived, a day after it came in.
    archivedAt: i % 50 === 7 ? new Date(now - i * 31_000 + 86_400_000) : null,
    tags: tagsOf(i),
    // One lead in a hundred asked never to be called again.
    doNotCall: i % 100 === 8,
    doNotCallReason: i % 100 === 8 ? 'Asked on a call' : null,
  };
}

/** A common tag (Hot, one lead in five), a middling one (Investor, one in ten) and a rare one (NRI, about one in a hundred). */
function tagsOf(i: number): string[] {
  return [i % 5 === 0 && 'Hot', i % 10 === 1 && 'Investor', i % 97 === 3 && 'NRI'].filter((tag): tag is string => !!tag);
}

/** Lead `i`'s stage, by the shares above, spread independently of qualification and owner. */
function stageOf(i: number): string {
  let bucket = (Math.floor(i / 5) * 37) % 100;
  for (const [stageId, percent] of STAGE_SHARES) {
    if (bucket < percent) return stageId;
    bucket -= percent;
  }
  return STAGE_SHARES[0][0];
}

/**
 * The phone number of generated lead `i` (E.164, as the API stores it): +919 and nine digits
 * spread as real numbers' are (i times a multiplier prime to 10^9, so no two leads share one),
 * not counted up from one number, so a search by a part of a number finds as few as it would.
 */
export function generatedPhone(i: number): string {
  return `+919${String((i * 7_919_333 + 123_456_789) % 1_000_000_000).padStart(9, '0')}`;
}

/** Every fourth lead (all of them voice-bot leads) talked to the agent: the call that created it. */
export function generatedCall(i: number, lead: GeneratedLead): GeneratedCall | null {
  if (i % 4 !== 0) return null;
  const durationSeconds = 45 + ((i * 13) % 600);
  const endedAt = new Date(lead.createdAt.getTime() - 5_000);
  return {
    id: randomUUID(),
    vapiCallId: randomUUID(),
    leadId: lead.id,
    type: CALL_TYPES[i % CALL_TYPES.length],
    status: 'ended',
    endedReason: ENDED_REASONS[i % ENDED_REASONS.length],
    customerNumber: lead.phone,
    startedAt: new Date(endedAt.getTime() - durationSeconds * 1000),
    endedAt,
    durationSeconds,
    cost: Math.round(durationSeconds * 0.35) / 100,
    summary: `${lead.name} is looking for a ${lead.interestedIn} in ${lead.location}, timeline ${lead.timeline}.`,
    transcript: `AI: Namaste, this is the Lead Desk assistant. How can I help?\nUser: Hi, I am ${lead.name}. I want a ${lead.interestedIn} in ${lead.location}.\nAI: What budget do you have in mind?\nUser: Around ${lead.budgetText ?? `${lead.budgetAmount} rupees`}.`,
    recordingUrl: `https://storage.vapi.ai/recordings/${i}.wav`,
    structuredData: JSON.stringify({ name: lead.name, email: lead.email, phone: lead.phone, location: lead.location, interestedIn: lead.interestedIn, qualified: lead.qualified }),
    createdAt: endedAt,
  };
}

export interface GeneratedActivity {
  id: string;
  leadId: string;
  type: string;
  actorId: string | null;
  at: Date;
  data: string;
}

/** The timeline entry of a generated call: what the webhook appends when it stores one. */
export function generatedCallActivity(call: GeneratedCall): GeneratedActivity {
  const data = { callId: call.id, vapiCallId: call.vapiCallId, status: call.status, endedReason: call.endedReason, summary: call.summary };
  return { id: randomUUID(), leadId: call.leadId, type: 'call', actorId: null, at: call.createdAt, data: JSON.stringify(data) };
}

/**
 * A busy lead's timeline, oldest first: created, then `count - 1` entries of the kinds
 * staff make (edits, stage moves, assignments, notes, calls), a minute apart up to `now`.
 */
export function generatedTimeline(lead: GeneratedLead, count: number, now: number): GeneratedActivity[] {
  const entries: GeneratedActivity[] = [];
  const stage = (n: number) => ({ id: STAGE_SHARES[n % 6][0], name: `Stage ${(n % 6) + 1}` });
  for (let n = 0; n < count; n += 1) {
    const agent = BENCH_AGENTS[n % BENCH_AGENTS.length];
    const kinds: [string, object][] = [
      ['updated', { field: 'timeline', from: TIMELINES[n % TIMELINES.length], to: TIMELINES[(n + 1) % TIMELINES.length] }],
      ['stage_changed', { from: stage(n), to: stage(n + 1), lostReason: null }],
      ['assigned', { from: null, to: { id: agent.id, name: agent.name }, by: 'staff' }],
      ['note_added', { noteId: randomUUID() }],
      ['call', { callId: randomUUID(), vapiCallId: randomUUID(), status: 'ended', endedReason: 'customer-ended-call', summary: `Follow-up call ${n}.` }],
    ];
    const [type, data] = n === 0 ? ['created', { source: lead.source }] : kinds[n % kinds.length];
    entries.push({ id: randomUUID(), leadId: lead.id, type, actorId: n === 0 ? null : agent.id, at: new Date(now - (count - n) * 60_000), data: JSON.stringify(data) });
  }
  return entries;
}

export interface GeneratedConsent {
  id: string;
  leadId: string;
  channel: string;
  purpose: string;
  wording: string;
  givenAt: Date;
  evidence: string;
  withdrawnAt: Date | null;
  withdrawnVia: string | null;
  withdrawnEvidence: string | null;
  callId: string;
}

/** The consent a caller gave on their call (every generated call has one); one in ten of them withdrawn a day later, on another call. */
export function generatedConsent(i: number, call: GeneratedCall): GeneratedConsent {
  const withdrawn = i % 40 === 0;
  const evidence = { kind: 'voice_call', callId: call.id, vapiCallId: call.vapiCallId, transcriptLines: ['User: Yes, you can call me about properties.'] };
  return {
    id: randomUUID(),
    leadId: call.leadId,
    channel: 'voice_call',
    purpose: 'Calls about properties that match their enquiry',
    wording: 'Yes, you can call me about properties.',
    givenAt: call.createdAt,
    evidence: JSON.stringify(evidence),
    withdrawnAt: withdrawn ? new Date(call.createdAt.getTime() + 86_400_000) : null,
    withdrawnVia: withdrawn ? 'voice_call' : null,
    withdrawnEvidence: withdrawn ? JSON.stringify({ ...evidence, transcriptLines: ['User: Please do not call me again.'] }) : null,
    callId: call.id,
  };
}
