import type { LeadActivity, LeadNote, LeadWithCalls, Session, Stage } from '@lead-desk/contracts';
import { stubApi } from '../../../../testing/apiStub';
import { aLead } from '../../../../testing/leadFixtures';

export const LEAD = aLead({ _id: 'lead-1', name: 'Sanjay Kulkarni', location: 'Pune', version: 3 });

export const STAGES: Stage[] = [
  { id: 'stage-new', name: 'New', kind: 'open', position: 1, archived: false },
  { id: 'stage-contacted', name: 'Contacted', kind: 'open', position: 2, archived: false },
  { id: 'stage-old', name: 'Old Stage', kind: 'open', position: 3, archived: true },
  { id: 'stage-booked', name: 'Booked', kind: 'won', position: 4, archived: false },
  { id: 'stage-lost', name: 'Lost', kind: 'lost', position: 5, archived: false },
];

export const OPEN_SESSION: Session = { authMode: 'open', staff: null, csrfToken: null };

/** WhatsApp as a fresh install has it: not configured. */
export const WHATSAPP_OFF = {
  notConfigured: 'WhatsApp is not configured: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN.',
  refusal: null,
  window: { open: false, closesAt: null, lastInboundAt: null },
};

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * The API the details view reads, answering as the server does: the lead (with calls),
 * its notes, timeline, consents, call eligibility, possible duplicates, tasks and WhatsApp conversation (not configured), the stages, the session and the team; `routes` adds or replaces.
 */
export function stubDetailsApi(
  options: { lead?: LeadWithCalls; notes?: LeadNote[]; activity?: LeadActivity[]; session?: Session } = {},
  routes: Record<string, Handler> = {},
) {
  const lead = options.lead ?? { ...LEAD, calls: [] };
  return stubApi({
    'GET /api/leads/lead-1': () => Response.json(lead, { headers: { ETag: `"${lead.version}"` } }),
    'GET /api/leads/lead-1/notes': () => Response.json(options.notes ?? []),
    'GET /api/leads/lead-1/activity': () => Response.json(options.activity ?? []),
    'GET /api/stages': () => Response.json(STAGES),
    'GET /api/auth/me': () => Response.json(options.session ?? OPEN_SESSION),
    'GET /api/staff': () => Response.json([]),
    'GET /api/leads/lead-1/consents': () => Response.json([]),
    'GET /api/leads/lead-1/call-eligibility': () => Response.json({ allowed: true, code: null, reason: null, nextAllowedAt: null }),
    'GET /api/leads/duplicates': () => Response.json([]),
    'GET /api/tasks': () => Response.json([], { headers: { 'X-Total-Count': '0' } }),
    'GET /api/leads/lead-1/whatsapp/messages': () => Response.json([]),
    'GET /api/leads/lead-1/whatsapp/reply': () => Response.json(WHATSAPP_OFF),
    ...routes,
  });
}

/** The requests made to a route, in order. */
export function requestsTo(requests: Request[], route: string): Request[] {
  return requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
}
