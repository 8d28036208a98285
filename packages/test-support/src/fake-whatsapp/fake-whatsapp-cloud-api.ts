import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metaSignature } from '../fake-meta-graph/sign-meta-delivery';
import { whatsappMessageDelivery, whatsappStatusDelivery, type FakeBusinessNumber, type FakeStatusError } from './whatsapp-deliveries';
import { assertWhatsappShape, whatsappSchemas } from './whatsapp-schema';

/**
 * How the fake answers sends: 'rate-limit' is the number's throughput (130429), 'pair-rate-limit'
 * too many messages to one person (131056), 'outage' Graph's transient error (code 2, 500),
 * 'hang' no answer at all (nothing sent), 'lost-answer' a message taken (and reported by webhook)
 * whose answer never reaches the client: the connection is cut; 'held-answer' a message taken (and
 * reported by webhook) whose answer is held until the client goes away (a test kills it mid-send).
 */
export type FakeWhatsappBehaviour = 'success' | 'rate-limit' | 'pair-rate-limit' | 'outage' | 'hang' | 'lost-answer' | 'held-answer';

export interface FakeWhatsappSettings extends FakeBusinessNumber {
  version: string;
  accessToken: string;
  appSecret: string;
}

/** A template as approved in WhatsApp Manager: its name, language and how many body parameters it takes. */
export interface FakeTemplate {
  name: string;
  language: string;
  bodyParameters: number;
}

export interface RecordedWhatsappRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  /** What the fake answered, and the message id when it accepted one. */
  status: number;
  messageId?: string;
}

/** A message the fake accepted: it reached WhatsApp. */
export interface FakeSentMessage {
  id: string;
  to: string;
  type: 'text' | 'template';
  body: Record<string, unknown>;
  bizOpaqueCallbackData: string | null;
}

/** A delivery the fake posted to the webhook, and what the webhook answered. */
export interface FakeWebhookPost {
  body: object;
  status: number;
}

const MESSAGES_PATH = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/;
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Meta's errors as the Cloud API answers them (GraphAPIError), the HTTP status as Meta's error-code table gives it; a client acts on `code`. */
const ERRORS = {
  rateLimit: { status: 400, code: 130429, message: '(#130429) Rate limit hit', details: 'Message failed to send because there were too many messages sent from this phone number in a short period of time' },
  pairRateLimit: { status: 400, code: 131056, message: '(#131056) (Business Account, Consumer Account) pair rate limit hit', details: 'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time' },
  unknownTemplate: { status: 404, code: 132001, message: '(#132001) Template name does not exist in the translation', details: '' },
  parameterCount: { status: 400, code: 132000, message: '(#132000) Number of parameters does not match the expected number of params', details: '' },
} as const;

/** The failure Meta reports in a status for a free-form message outside the customer service window. */
const REENGAGEMENT: FakeStatusError = { code: 131047, title: 'Re-engagement message', details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' };

/**
 * A local stand-in for the WhatsApp Cloud API, for the API tests: `POST /{version}/{phone-number-id}/messages`
 * with the access token as bearer, each body checked against Meta's OpenAPI document (text and
 * template messages; a template must be approved here with its body's parameter count), answered
 * with the document's MessageResponsePayload or Graph's error body: a wrong token (190), another
 * version or number (100), an unknown template (132001), a parameter count that does not match
 * (132000), the rate limits (130429, 131056), an outage. Like WhatsApp it then reports each
 * accepted message to the webhook, signed with the app secret: `sent`, or `failed` with 131047
 * for a free-form message more than 24 hours after the person last wrote (as the fake knows from
 * the messages it delivered). It also delivers the person's messages and later statuses on a test's
 * word, each delivery checked against the document's WebhookPayload.
 */
export class FakeWhatsappCloudApi {
  behaviour: FakeWhatsappBehaviour = 'success';
  /** Where deliveries go: the API's /api/webhooks/whatsapp. */
  webhookUrl?: string;
  readonly requests: RecordedWhatsappRequest[] = [];
  readonly sent: FakeSentMessage[] = [];
  readonly webhookPosts: FakeWebhookPost[] = [];
  private readonly templates = new Map<string, FakeTemplate>();
  /** When each person last wrote, by their WhatsApp number: the customer service window. */
  private readonly lastWrote = new Map<string, Date>();
  private readonly hanging = new Set<ServerResponse>();
  private readonly reports: Promise<unknown>[] = [];
  private server?: Server;
  private messages = 0;

  constructor(readonly settings: FakeWhatsappSettings) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) =>
      this.handle(request, response).catch((error: unknown) => {
        // A fake that breaks must fail the test loudly, not leave the client waiting.
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ message: `Fake WhatsApp Cloud API failed: ${String(error)}` }));
      }),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    await Promise.allSettled(this.reports);
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  approveTemplate(template: FakeTemplate): void {
    this.templates.set(`${template.name}:${template.language}`, template);
  }

  /** The messages it accepted for this WhatsApp number. */
  sentTo(waId: string): FakeSentMessage[] {
    return this.sent.filter(({ to }) => to.replace(/^\+/, '') === waId);
  }

  /** The person writes (or taps a button): the delivery is posted, signed, and their window opens from `at`. */
  async personWrites(message: { from: string; at?: Date; id?: string; profileName?: string } & ({ text: string } | { button: { text: string; payload: string } })): Promise<{ id: string; status: number }> {
    const at = message.at ?? new Date();
    const id = message.id ?? this.newMessageId();
    if ((this.lastWrote.get(message.from)?.getTime() ?? 0) < at.getTime()) this.lastWrote.set(message.from, at);
    const status = await this.post(whatsappMessageDelivery(this.settings, { ...message, id, at }));
    return { id, status };
  }

  /** WhatsApp reports a status of a message it accepted (delivered, read; a late failure). */
  report(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', error?: FakeStatusError): Promise<number> {
    const message = this.sent.find(({ id }) => id === messageId);
    if (!message) throw new Error(`The fake accepted no message ${messageId}`);
    return this.post(whatsappStatusDelivery(this.settings, { id: messageId, status, recipientId: message.to.replace(/^\+/, ''), at: new Date(), bizOpaqueCallbackData: message.bizOpaqueCallbackData ?? undefined, error }));
  }

  /** Posts a delivery to the webhook as Meta does, signed with the app secret unless a test gives another signature (or none, null). */
  async post(body: object, signature?: string | null): Promise<number> {
    if (!this.webhookUrl) throw new Error('Set webhookUrl before the fake posts deliveries');
    const text = JSON.stringify(body);
    const header = signature === undefined ? metaSignature(text, this.settings.appSecret) : signature;
    const status = await postOnce(this.webhookUrl, text, { 'Content-Type': 'application/json', ...(header === null ? {} : { 'X-Hub-Signature-256': header }) });
    this.webhookPosts.push({ body, status });
    return status;
  }

  private newMessageId(): string {
    this.messages += 1;
    return `wamid.FAKE${randomBytes(12).toString('base64url')}${this.messages}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedWhatsappRequest = { method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, body: null, status: 0 };
    this.requests.push(recorded);
    const answer = (status: number, body: object) => {
      recorded.status = status;
      response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: number, message: string, details = '', type = 'OAuthException') => {
      const body = graphError(code, message, details, type);
      assertWhatsappShape('GraphAPIError', body);
      answer(status, body);
    };
    try {
      recorded.body = text ? JSON.parse(text) : null;
    } catch {
      return refuse(400, 100, '(#100) The parameter messaging_product is required.', 'The request body is not JSON');
    }
    const match = MESSAGES_PATH.exec(url.pathname);
    if (request.method !== 'POST' || !match) return refuse(400, 100, `Unsupported ${request.method} request. Unknown path components: ${url.pathname}`);
    if (request.headers.authorization !== `Bearer ${this.settings.accessToken}`) return refuse(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (match[1] !== this.settings.version) return refuse(400, 100, `This fake serves Graph API ${this.settings.version} only, not ${match[1]}.`);
    if (match[2] !== this.settings.phoneNumberId) return refuse(400, 100, `Unsupported post request. Object with ID '${match[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, '', 'GraphMethodException');
    if (this.behaviour === 'hang') return void this.hanging.add(response);
    if (this.behaviour === 'outage') return refuse(500, 2, 'An unexpected error has occurred. Please retry your request later.');
    if (this.behaviour === 'rate-limit') return refuse(ERRORS.rateLimit.status, ERRORS.rateLimit.code, ERRORS.rateLimit.message, ERRORS.rateLimit.details);
    if (this.behaviour === 'pair-rate-limit') return refuse(ERRORS.pairRateLimit.status, ERRORS.pairRateLimit.code, ERRORS.pairRateLimit.message, ERRORS.pairRateLimit.details);

    const body = recorded.body as Record<string, unknown> | null;
    const type = body?.type;
    if (type !== 'text' && type !== 'template') return refuse(400, 100, '(#100) Invalid parameter', `This fake sends text and template messages only, not ${String(type)}`);
    const problems = whatsappSchemas.errors(type === 'text' ? 'TextMessage' : 'TemplateMessage', body);
    if (problems.length > 0) return refuse(400, 100, '(#100) Invalid parameter', problems.join('; '));
    if (type === 'template') {
      const template = body!.template as { name: string; language: { code: string }; components?: { type: string; parameters?: unknown[] }[] };
      const approved = this.templates.get(`${template.name}:${template.language.code}`);
      if (!approved) return refuse(ERRORS.unknownTemplate.status, ERRORS.unknownTemplate.code, ERRORS.unknownTemplate.message, `template name (${template.name}) does not exist in ${template.language.code}`);
      const given = (template.components ?? []).filter(({ type: part }) => part === 'body').flatMap(({ parameters }) => parameters ?? []).length;
      if (given !== approved.bodyParameters) return refuse(ERRORS.parameterCount.status, ERRORS.parameterCount.code, ERRORS.parameterCount.message, `body: number of localizable_params (${given}) does not match the expected number of params (${approved.bodyParameters})`);
    }

    const id = this.newMessageId();
    const to = String(body!.to);
    const key = typeof body!.biz_opaque_callback_data === 'string' ? body!.biz_opaque_callback_data : null;
    this.sent.push({ id, to, type, body: body!, bizOpaqueCallbackData: key });
    recorded.messageId = id;
    const accepted = { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }], messages: [{ id }] };
    assertWhatsappShape('MessageResponsePayload', accepted);
    if (this.behaviour === 'lost-answer') response.destroy();
    else if (this.behaviour === 'held-answer') this.hanging.add(response);
    else answer(200, accepted);
    // As WhatsApp: the outcome follows by webhook, a free-form message outside the window failing there.
    const wrote = this.lastWrote.get(to.replace(/^\+/, ''));
    const windowClosed = type === 'text' && (!wrote || Date.now() - wrote.getTime() > WINDOW_MS);
    if (this.webhookUrl) this.reports.push(this.report(id, windowClosed ? 'failed' : 'sent', windowClosed ? REENGAGEMENT : undefined).catch(() => undefined));
  }
}

/** One POST on a connection of its own, as each of Meta's deliveries comes: a refused one closes its connection. */
function postOnce(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function graphError(code: number, message: string, details: string, type: string) {
  return { error: { message, type, code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: randomBytes(8).toString('base64url') } };
}
