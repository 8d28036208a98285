import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Lead as Meta's Graph API answers `GET /{version}/{leadgen_id}`. */
export interface FakeMetaLead {
  id: string;
  created_time: string;
  field_data: { name: string; values: string[] }[];
  ad_id?: string;
  ad_name?: string;
  adset_id?: string;
  campaign_id?: string;
  campaign_name?: string;
  form_id?: string;
  platform?: 'fb' | 'ig';
  is_organic?: boolean;
}

/** How the fake answers: 'outage' is Graph's transient error (code 2) with a 500, for every request. */
export type FakeMetaGraphBehaviour = 'success' | 'outage';

export interface RecordedGraphRequest {
  method: string;
  path: string;
  fields: string | null;
  /** The token the request carried (Authorization: Bearer, or access_token). */
  token: string | null;
  status: number;
}

const LEAD_PATH = /^\/(v\d+\.\d+)\/([^/]+)$/;

/**
 * A local stand-in for Meta's Graph API, serving only what the Lead Ads webhook reads:
 * `GET /{version}/{leadgen_id}?fields=…` with the Page access token, answered with the
 * published Lead shape (`id`, `created_time`, `field_data: [{ name, values }]`, the ad's
 * ids, `platform`, `is_organic`), only the fields asked for (`id` always). Anything else is
 * refused with Graph's error body `{ error: { message, type, code, fbtrace_id } }`: no token
 * or a wrong one (190, 400), another version (2635), an unknown lead (100), another method or
 * path (100); an outage answers 500 with the transient error (code 2).
 */
export class FakeMetaGraphServer {
  behaviour: FakeMetaGraphBehaviour = 'success';
  readonly requests: RecordedGraphRequest[] = [];
  private readonly leads = new Map<string, FakeMetaLead>();
  private server?: Server;

  constructor(
    readonly version: string,
    readonly pageAccessToken: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  addLead(lead: FakeMetaLead): void {
    this.leads.set(lead.id, lead);
  }

  /** How many times a lead was served. */
  served(leadgenId: string): number {
    return this.requests.filter(({ path, status }) => path === `/${this.version}/${leadgenId}` && status === 200).length;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const token = bearer ?? url.searchParams.get('access_token');
    const answer = (status: number, body: unknown) => {
      this.requests.push({ method: request.method ?? '', path: url.pathname, fields: url.searchParams.get('fields'), token, status });
      response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const match = LEAD_PATH.exec(url.pathname);
    if (this.behaviour === 'outage') return answer(500, graphError('An unexpected error has occurred. Please retry your request later.', 'OAuthException', 2, { is_transient: true }));
    if (request.method !== 'GET' || !match) return answer(400, graphError(`Unknown path components: ${url.pathname}`, 'OAuthException', 2500));
    if (!token) return answer(400, graphError('An active access token must be used to query information about the current user.', 'OAuthException', 2500));
    if (token !== this.pageAccessToken) return answer(400, graphError('Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190));
    if (match[1] !== this.version) return answer(400, graphError(`This fake serves Graph API ${this.version} only, not ${match[1]}.`, 'OAuthException', 2635));
    const lead = this.leads.get(decodeURIComponent(match[2]));
    if (!lead) {
      return answer(400, graphError(`Unsupported get request. Object with ID '${match[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 'GraphMethodException', 100));
    }
    const fields = (url.searchParams.get('fields') ?? 'created_time,field_data').split(',').map((field) => field.trim());
    answer(200, Object.fromEntries(Object.entries(lead).filter(([field]) => field === 'id' || fields.includes(field))));
  }
}

function graphError(message: string, type: string, code: number, extra: Record<string, unknown> = {}) {
  return { error: { message, type, code, ...extra, fbtrace_id: randomBytes(8).toString('base64url') } };
}
