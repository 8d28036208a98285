import { randomBytes } from 'node:crypto';
import type { Vapi, VapiClient } from '@vapi-ai/server-sdk';
import type { AppConfig } from '../../config/app-config';
import { ASSISTANT_NAME, CREDENTIAL_NAME, hmacPlan, salesAssistant, webhookCredential } from './assistant-definition';
import { differingFields, holds } from './differing-fields';
import { LEAD_STRUCTURED_OUTPUT } from './lead-structured-output';

export interface VapiSetupOptions {
  /** The app's public https address: the webhook is `<publicUrl>/api/webhooks/vapi`. */
  publicUrl: string;
  /** Print what would be sent; send no change (existing objects are still read). */
  dryRun: boolean;
  /** Give the webhook credential a new generated secret even if it exists. */
  rotateSecret: boolean;
  log: (line: string) => void;
}

export interface VapiSetupResult {
  assistantId: string;
  /** The HMAC secret the credential was just given; null when the credential kept its secret. */
  hmacSecret: string | null;
  /** How many creates and updates were sent (or, in a dry run, would be). */
  changes: number;
}

/** In a dry run, what stands for the id of an object not created yet. */
const pendingId = (what: string) => `<id of the new ${what}>`;

/** What a message shows of a body: the secret never. */
const shown = (body: unknown) => JSON.stringify(body, (key, value) => (key === 'secretKey' ? '[secret]' : value), 2);

/**
 * Creates or updates, by name, what the voice agent needs on Vapi: the lead's structured
 * output, the webhook's HMAC credential and the sales assistant using both. An object that
 * already holds what we want is left alone, so a second run sends no change.
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
    const assistantId = await this.assistant(salesAssistant(this.options.publicUrl, structuredOutputId, credentialId));
    return { assistantId, hmacSecret: secret, changes: this.changes };
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

  private async assistant(desired: Vapi.CreateAssistantDto): Promise<string> {
    const existing = (await this.client.assistants.list({ limit: 1000 })).find((assistant) => assistant.name === ASSISTANT_NAME);
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
