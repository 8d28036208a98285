import type { Lead, Stage } from '@lead-desk/contracts';
import { leadPage, stubApi } from './apiStub';

export const STAGES: Stage[] = [
  { id: 'stage-new', name: 'New', kind: 'open', position: 1, archived: false },
  { id: 'stage-contacted', name: 'Contacted', kind: 'open', position: 2, archived: false },
  { id: 'stage-lost', name: 'Lost', kind: 'lost', position: 3, archived: false },
  { id: 'stage-old', name: 'Old Stage', kind: 'open', position: 4, archived: true },
];

const VIEWER_ID = 's1';

/**
 * The leads API over an in-memory set of leads, as the server answers it: lists filtered
 * by status, q, stage, owner (me = s1), tag, source (any case) and creation days (in tz), tag and source counts, board counts, and PATCH with If-Match (412 when
 * stale, 400 for a lost stage without a reason). `leads` is changed by PATCH.
 */
export function fakePipelineApi(leads: Lead[], overrides: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  const matching = (params: URLSearchParams) => {
    const status = params.get('status') ?? 'all';
    const q = (params.get('q') ?? '').toLowerCase();
    const stage = params.get('stage');
    const owner = params.get('owner');
    const ownerId = owner === 'me' ? VIEWER_ID : owner;
    const tag = params.get('tag')?.toLowerCase();
    const source = params.get('source')?.trim().toLowerCase();
    const from = params.get('createdFrom') ?? '0000-00-00';
    const to = params.get('createdTo') ?? '9999-99-99';
    const dayIn = new Intl.DateTimeFormat('en-CA', { timeZone: params.get('tz') ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    return leads.filter(
      (lead) =>
        (status === 'all' || lead.qualified === (status === 'qualified')) &&
        (!stage || lead.stage.id === stage) &&
        (!owner || (lead.owner?.id ?? 'none') === ownerId) &&
        (!tag || lead.tags.some((candidate) => candidate.toLowerCase() === tag)) &&
        (!source || lead.source.toLowerCase() === source) &&
        dayIn.format(new Date(lead.createdAt)) >= from &&
        dayIn.format(new Date(lead.createdAt)) <= to &&
        [lead.name, lead.email, lead.location].some((value) => value?.toLowerCase().includes(q)),
    );
  };
  const requests = stubApi({
    'GET /api/leads': (request) => {
      const params = new URL(request.url).searchParams;
      const found = matching(params);
      return leadPage(found.slice(0, Number(params.get('limit'))), found.length);
    },
    'GET /api/leads/board': (request) => {
      const found = matching(new URL(request.url).searchParams);
      return Response.json(STAGES.filter((stage) => !stage.archived).map((stage) => ({ stageId: stage.id, count: found.filter((lead) => lead.stage.id === stage.id).length })));
    },
    'GET /api/stages': () => Response.json(STAGES),
    // One count per tag whatever its case, named by its first spelling in byte order (the server's MIN).
    'GET /api/tags': () => {
      const counts = new Map<string, { tag: string; count: number }>();
      for (const tag of leads.flatMap((lead) => lead.tags)) {
        const counted = counts.get(tag.toLowerCase());
        counts.set(tag.toLowerCase(), { tag: counted && counted.tag < tag ? counted.tag : tag, count: (counted?.count ?? 0) + 1 });
      }
      return Response.json([...counts.values()].sort((a, b) => b.count - a.count));
    },
    // One count per source whatever its case, named by its most used spelling (the server's rule; no ties in the tests' data).
    'GET /api/leads/sources': () => {
      const spellings = new Map<string, number>();
      for (const lead of leads) spellings.set(lead.source, (spellings.get(lead.source) ?? 0) + 1);
      const counts = new Map<string, { source: string; count: number; top: number }>();
      for (const [source, count] of spellings) {
        const counted = counts.get(source.toLowerCase());
        const named = !counted || count > counted.top;
        counts.set(source.toLowerCase(), { source: named ? source : counted.source, count: (counted?.count ?? 0) + count, top: named ? count : counted.top });
      }
      return Response.json([...counts.values()].sort((a, b) => b.count - a.count).map(({ source, count }) => ({ source, count })));
    },
    'GET /api/leads/stats': () => Response.json({ total: leads.length, qualified: 0, unqualified: 0, thisMonth: 0, lastMonth: 0, unqualifiedThisMonth: 0, unqualifiedLastMonth: 0, processedToday: 0 }),
    'GET /api/leads/stats/daily': () => Response.json([]),
    ...Object.fromEntries(leads.map((lead) => [`PATCH /api/leads/${lead._id}`, patchLead(leads, lead._id)])),
    ...overrides,
  });
  return requests;
}

function patchLead(leads: Lead[], id: string) {
  return async (request: Request): Promise<Response> => {
    const index = leads.findIndex((lead) => lead._id === id);
    const lead = leads[index];
    if (request.headers.get('If-Match') !== `"${lead.version}"`) {
      return Response.json({ statusCode: 412, message: 'The lead was changed since you read it.' }, { status: 412 });
    }
    const { stageId, lostReason } = (await request.json()) as { stageId: string; lostReason?: string };
    const stage = STAGES.find((candidate) => candidate.id === stageId)!;
    if (stage.kind === 'lost' && !lostReason) {
      return Response.json({ statusCode: 400, message: 'lostReason: is required', errors: [{ field: 'lostReason', message: 'is required' }] }, { status: 400 });
    }
    const saved: Lead = { ...lead, stage: { id: stage.id, name: stage.name, kind: stage.kind }, lostReason: lostReason ?? null, version: lead.version + 1 };
    leads[index] = saved;
    return Response.json(saved, { headers: { ETag: `"${saved.version}"` } });
  };
}
