import { randomBytes } from 'node:crypto';
import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import type { AppConfig } from '../../config/app-config';
import { functionTools, TRANSFER_START_MESSAGE, transferTool, type ToolServer } from './agent-tool-definitions';
import { ASSISTANT_NAME, CREDENTIAL_NAME, hmacPlan, salesAssistant, webhookCredential, webhookUrl } from './assistant-definition';
import { differingFields, holds } from './differing-fields';
import { LEAD_STRUCTURED_OUTPUT } from './lead-structured-output';

export interface VapiSetupOptions {
  /** The app's public https address: the webhook is `<publicUrl>/api/webhooks/vapi`. */
  publicUrl: string;
  /** Print what would be sent; send no change (existing objects are still read). */
  dryRun: boolean;
  /** Give the webhook credential a new generated secret even if it exists. */
  rotateSecret: boolean;
  /** Point VAPI_PHONE_NUMBER_ID's inbound calls at the webhook, with no fixed assistant (assistant-request). */
  inbound: boolean;
  log: (line: string) => void;
}

export interface VapiSetupResult {
  assistantId: string;
  /** The inbound number pointed at the webhook (--inbound): as it is dialled. */
  inboundNumber: string | null;
  /** The HMAC secret the credential was just given; null when the credential kept its secret. */
  hmacSecret: string | null;
  /** How many creates and updates were sent (or, in a dry run, would be). */
  changes: number;
}

/** In a dry run, what stands for the id of an object not created yet. */
const pendingId = (what: string) => `<id of the new ${what}>`;

/** What callers of the inbound number hear before they are put through to the fallback number, when the API does not answer. */
export const FALLBACK_MESSAGE = 'Sorry, our assistant is not available right now. Connecting you to our office.';

/** The fields of a number that give it a fixed assistant: while one is set, Vapi never asks the webhook which assistant answers. */
const FIXED_ASSISTANT_FIELDS = ['assistantId', 'squadId', 'workflowId'] as const;

/** A tool as the list gives it, whatever its kind. */
type StoredTool = { id: string; type: string; function?: { name?: string }; messages?: { type: string; content?: string }[] };

/** What a message shows of a body: the secret never. */
const shown = (body: unknown) => JSON.stringify(body, (key, value) => (key === 'secretKey' ? '[secret]' : value), 2);

/**
 * Creates or updates, by name, what the voice agent needs on Vapi: the lead's structured
 * output, the webhook's HMAC credential, the agent's tools (search_properties and
 * book_site_visit, answered by the webhook, and the transfer to a person without a fixed
 * destination) and the sales assistant using them all; with --inbound, the inbound number's
 * server. An object that already holds what we want is left alone, so a second run sends no change.
 */
export class VapiSetup {
  private changes = 0;

  constructor(
    private readonly client: VapiClient,
    private readonly config: AppConfig,
    private readonly options: VapiSetupOptions,
  ) {}

  async run(): Promise<VapiSetupResult> {
    const structuredOutputId = await this.structuredOutput();
    const { id: credentialId, secret } = await this.credential();
    const server: ToolServer = { url: webhookUrl(this.options.publicUrl), credentialId };
    const existingAssistant = (await this.client.assistants.list({ limit: 1000 })).find((assistant) => assistant.name === ASSISTANT_NAME);
    const toolIds = await this.tools(server, existingAssistant?.model?.toolIds ?? []);
    const assistantId = await this.assistant(salesAssistant(this.options.publicUrl, structuredOutputId, credentialId, toolIds), existingAssistant);
    const inboundNumber = this.options.inbound ? await this.inboundNumber(server) : null;
    return { assistantId, inboundNumber, hmacSecret: secret, changes: this.changes };
  }

  /**
   * The agent's tools, in the assistant's order: the function tools found by their function's
   * name; the transfer tool (which has none) as the transfer tool the assistant already uses,
   * else by its start message.
   */
  private async tools(server: ToolServer, attachedIds: string[]): Promise<string[]> {
    const existing = (await this.client.tools.list({ limit: 1000 })) as unknown as StoredTool[];
    const ids: string[] = [];
    for (const desired of functionTools(server)) {
      const name = desired.function!.name;
      ids.push(await this.tool(`function tool "${name}"`, desired, existing.find((tool) => tool.type === 'function' && tool.function?.name === name)));
    }
    const isTransfer = (tool: StoredTool) => tool.type === 'transferCall';
    const transfer =
      existing.find((tool) => isTransfer(tool) && attachedIds.includes(tool.id)) ??
      existing.find((tool) => isTransfer(tool) && (tool.messages ?? []).some(({ type, content }) => type === 'request-start' && content === TRANSFER_START_MESSAGE));
    ids.push(await this.tool('transfer tool', transferTool(), transfer));
    return ids;
  }

  private async tool(what: string, desired: Vapi.CreateToolsRequest.Function | Vapi.CreateToolsRequest.TransferCall, existing: StoredTool | undefined): Promise<string> {
    if (!existing) return this.write(`create ${what}`, desired, async () => (await this.client.tools.create(desired)).id, pendingId(what));
    const changes = differingFields(desired, existing);
    if (Object.keys(changes).length > 0) {
      // The update names the tool's type: Vapi reads the rest of the body by it.
      const body = { type: desired.type, ...changes } as Vapi.UpdateToolsRequestBody;
      await this.write(`update ${what} (${existing.id})`, body, () => this.client.tools.update({ id: existing.id, body }), undefined);
    }
    return existing.id;
  }

  /**
   * VAPI_PHONE_NUMBER_ID takes inbound calls through the webhook: its server is the webhook
   * (with the credential) and it has no fixed assistant, so Vapi asks which assistant answers
   * each call (assistant-request); VAPI_FALLBACK_NUMBER, when set, is where a caller is put
   * through when the API does not answer. Cleared with null: Vapi's dashboard clears them so,
   * though its document types them as text. Sent through the SDK's passthrough fetch, as sent.
   */
  private async inboundNumber(server: ToolServer): Promise<string> {
    const id = this.config.VAPI_PHONE_NUMBER_ID;
    if (!id) throw new Error('--inbound needs VAPI_PHONE_NUMBER_ID: the id of the Vapi phone number callers ring.');
    const number = await this.request<Record<string, unknown> & { provider: string; number?: string }>('GET', `/phone-number/${encodeURIComponent(id)}`);
    const fallback = this.config.VAPI_FALLBACK_NUMBER;
    const desired = { server, ...(fallback ? { fallbackDestination: { type: 'number', number: fallback, message: FALLBACK_MESSAGE } } : {}) };
    const changes: Record<string, unknown> = differingFields(desired, number);
    for (const field of FIXED_ASSISTANT_FIELDS) if (number[field]) changes[field] = null;
    if (Object.keys(changes).length > 0) {
      const body = { provider: number.provider, ...changes };
      await this.write(`update phone number ${number.number ?? id} (${id})`, body, () => this.request('PATCH', `/phone-number/${encodeURIComponent(id)}`, body), undefined);
    }
    return number.number ?? id;
  }

  private async structuredOutput(): Promise<string> {
    const desired = LEAD_STRUCTURED_OUTPUT;
    const { results } = await this.client.structuredOutputs.structuredOutputControllerFindAll({ name: desired.name });
    const existing = results.find((output) => output.name === desired.name);
    if (!existing) {
      return this.write(`create structured output "${desired.name}"`, desired, async () => (await this.client.structuredOutputs.structuredOutputControllerCreate(desired)).id, pendingId('structured output'));
    }
    const changes = differingFields(desired, existing);
    if (Object.keys(changes).length > 0) {
      // The schema keeps its top-level type (an object), so no schema override is asked for.
      await this.write(`update structured output "${desired.name}" (${existing.id})`, changes, () => this.client.structuredOutputs.structuredOutputControllerUpdate({ id: existing.id, schemaOverride: 'false', ...changes }), undefined);
    }
    return existing.id;
  }

  /**
   * The webhook's HMAC credential. Vapi's credential routes are not in its server SDK: they
   * go through the SDK's passthrough fetch, with the document's CustomCredential shapes. A
   * secret cannot be read back, so an existing credential keeps its secret unless asked to
   * rotate it; a plan that changed needs the secret again (VAPI_WEBHOOK_HMAC_SECRET).
   */
  private async credential(): Promise<{ id: string; secret: string | null }> {
    const credentials = await this.request<Vapi.CustomCredential[]>('GET', '/credential');
    const existing = credentials.find((credential) => credential.provider === 'custom-credential' && credential.name === CREDENTIAL_NAME);
    const generated = () => randomBytes(32).toString(this.config.VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64 ? 'base64' : 'hex');
    if (!existing) {
      const secret = this.config.VAPI_WEBHOOK_HMAC_SECRET ?? generated();
      const body = webhookCredential(this.config, secret);
      const id = await this.write(`create credential "${CREDENTIAL_NAME}"`, body, async () => (await this.request<Vapi.CustomCredential>('POST', '/credential', body)).id, pendingId('credential'));
      return { id, secret: this.config.VAPI_WEBHOOK_HMAC_SECRET ? null : secret };
    }
    const { secretKey: _, ...desiredPlan } = hmacPlan(this.config, '');
    const planHolds = holds(desiredPlan, existing.authenticationPlan);
    if (planHolds && !this.options.rotateSecret) return { id: existing.id, secret: null };
    if (!this.options.rotateSecret && !this.config.VAPI_WEBHOOK_HMAC_SECRET) {
      throw new Error(
        `The credential "${CREDENTIAL_NAME}" signs differently from these settings, and its secret cannot be read back: ` +
          'set VAPI_WEBHOOK_HMAC_SECRET to its secret, or run with --rotate-secret to give it a new one.',
      );
    }
    const secret = this.options.rotateSecret ? generated() : this.config.VAPI_WEBHOOK_HMAC_SECRET!;
    const body: Vapi.UpdateCustomCredentialDto = { authenticationPlan: hmacPlan(this.config, secret) };
    await this.write(`update credential "${CREDENTIAL_NAME}" (${existing.id})`, body, () => this.request('PATCH', `/credential/${encodeURIComponent(existing.id)}`, body), undefined);
    return { id: existing.id, secret: this.options.rotateSecret ? secret : null };
  }

  private async assistant(desired: Vapi.CreateAssistantDto, existing: Vapi.Assistant | undefined): Promise<string> {
    if (!existing) return this.write(`create assistant "${ASSISTANT_NAME}"`, desired, async () => (await this.client.assistants.create(desired)).id, pendingId('assistant'));
    const changes = differingFields(desired, existing);
    if (Object.keys(changes).length > 0) {
      await this.write(`update assistant "${ASSISTANT_NAME}" (${existing.id})`, changes, () => this.client.assistants.update({ id: existing.id, ...changes }), undefined);
    }
    return existing.id;
  }

  /** Sends a change, or in a dry run only says what it would send; answers what `send` answers (or `dryRunAnswer`). */
  private async write<T>(what: string, body: unknown, send: () => Promise<T>, dryRunAnswer: T): Promise<T> {
    this.changes += 1;
    if (this.options.dryRun) {
      this.options.log(`Would ${what}:\n${shown(body)}`);
      return dryRunAnswer;
    }
    const answer = await send();
    this.options.log(`Did ${what}.`);
    return answer;
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.client.fetch(path, { method, ...(body ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}) });
    const text = await response.text();
    if (!response.ok) throw new Error(`Vapi answered ${method} ${path} with ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}
