import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { META_LEAD_FIELDS, metaGraphLeadSchema, type MetaGraphLead } from './meta-graph-lead';

/** How long a Graph request may take before it counts as failed and is tried again later. */
const TIMEOUT_MS = 10_000;

/** The Graph API did not give the lead: unreachable, an error answer, or a body that is not a Lead. Worth trying again. */
export class MetaGraphError extends Error {}

/** Reads leads from Meta's Graph API with the Page access token. */
@Injectable()
export class MetaGraphClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The lead of a leadgen id, or a MetaGraphError saying why not (never the token). */
  async lead(leadgenId: string): Promise<MetaGraphLead> {
    const url = new URL(`${this.config.META_GRAPH_URL.replace(/\/+$/, '')}/${this.config.META_GRAPH_VERSION}/${encodeURIComponent(leadgenId)}`);
    url.searchParams.set('fields', META_LEAD_FIELDS.join(','));
    let response: Response;
    try {
      // The token in a header, not the URL: URLs end up in proxies' logs.
      response = await fetch(url, { headers: { Authorization: `Bearer ${this.config.META_PAGE_ACCESS_TOKEN ?? ''}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new MetaGraphError(`Graph API unreachable for lead ${leadgenId}: ${(error as Error).message}`);
    }
    const text = await response.text().catch((error: unknown) => {
      throw new MetaGraphError(`Graph API answer for lead ${leadgenId} could not be read: ${(error as Error).message}`);
    });
    if (!response.ok) throw new MetaGraphError(`Graph API answered ${response.status} for lead ${leadgenId}: ${graphErrorMessage(text)}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MetaGraphError(`Graph API answered lead ${leadgenId} with a body that is not JSON`);
    }
    const lead = metaGraphLeadSchema.safeParse(body);
    if (!lead.success) throw new MetaGraphError(`Graph API answered lead ${leadgenId} with a body that is not a Lead: ${lead.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
    return lead.data;
  }
}

/** Graph's `{ error: { message, code } }` in words, or the start of whatever else came back. */
function graphErrorMessage(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    if (error && typeof error.message === 'string') return `${error.message}${error.code !== undefined ? ` (code ${String(error.code)})` : ''}`;
  } catch {
    // Not JSON (a proxy's HTML page): its first characters say enough.
  }
  return text.slice(0, 200) || 'no body';
}
