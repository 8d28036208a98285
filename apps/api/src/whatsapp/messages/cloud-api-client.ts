import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { whatsappSendingSettings } from '../whatsapp-settings';
import { RATE_LIMIT_ERRORS, reasonOf } from './meta-error-reason';

/** How long a send may take before its outcome counts as unknown (the outbox then waits for Meta's word). */
const TIMEOUT_MS = 10_000;
/** Graph's transient errors ("Please retry your request later"): the message was not taken. */
const TRANSIENT_ERRORS: ReadonlySet<number> = new Set([1, 2]);
/** Connection errors before any byte reached Meta: nothing was sent. */
const NOT_SENT_ERRORS: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** What a message to send says: free text, or a template with its body's parameter values in order. */
export type OutgoingContent = { text: string } | { template: { name: string; language: string; parameters: string[] } };

/**
 * A send's outcome: Meta took it (its id); refused it for good (with its code and reason); refused
 * it for now (a rate limit, an outage: try again later); or it is unknown whether Meta got it (a
 * timeout, a connection cut mid-way), which only Meta's statuses can settle.
 */
export type SendOutcome =
  | { kind: 'accepted'; waMessageId: string }
  | { kind: 'refused'; code: number | null; reason: string }
  | { kind: 'retry'; code: number | null; reason: string }
  | { kind: 'unknown'; reason: string };

/**
 * The WhatsApp Cloud API's `POST /{version}/{phone-number-id}/messages`, with the access token as
 * bearer: the one place that sends a message. Each carries our key as `biz_opaque_callback_data`,
 * which Meta's statuses of it carry back. It never retries by itself: the outbox decides.
 */
@Injectable()
export class CloudApiClient {
  private readonly logger = new Logger(CloudApiClient.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send(to: string, content: OutgoingContent, key: string): Promise<SendOutcome> {
    const settings = whatsappSendingSettings(this.config);
    const url = `${settings.graphUrl}/${settings.graphVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...messageOf(content), biz_opaque_callback_data: key };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${settings.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const code = ((error as { cause?: { code?: string } }).cause?.code ?? '') as string;
      const reason = `The Cloud API could not be reached: ${(error as Error).message}${code ? ` (${code})` : ''}`;
      return NOT_SENT_ERRORS.has(code) ? { kind: 'retry', code: null, reason } : { kind: 'unknown', reason };
    }
    const text = await response.text().catch((error: unknown) => `(the answer could not be read: ${(error as Error).message})`);
    if (response.ok) {
      const id = acceptedId(text);
      if (id) return { kind: 'accepted', waMessageId: id };
      this.logger.error({ status: response.status, answer: text.slice(0, 200) }, 'The Cloud API took a message but its answer names no message id');
      return { kind: 'unknown', reason: `The Cloud API answered ${response.status} without a message id` };
    }
    const error = graphError(text);
    const reason = error ? reasonOf(error) : `The Cloud API answered ${response.status}: ${text.slice(0, 200) || 'no body'}`;
    const code = error?.code ?? null;
    const later = (code !== null && (RATE_LIMIT_ERRORS.has(code) || TRANSIENT_ERRORS.has(code))) || error?.is_transient === true || response.status >= 500;
    return later ? { kind: 'retry', code, reason } : { kind: 'refused', code, reason };
  }
}

/** The request's type and content, as Meta's reference shapes them (TextMessage, TemplateMessage). */
function messageOf(content: OutgoingContent): object {
  if ('text' in content) return { type: 'text', text: { body: content.text, preview_url: false } };
  const { name, language, parameters } = content.template;
  const components = parameters.length > 0 ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] : undefined;
  return { type: 'template', template: { name, language: { policy: 'deterministic', code: language }, ...(components ? { components } : {}) } };
}

function acceptedId(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}

/** Graph's `{ error: { code, message, error_data: { details } } }`, or null for anything else (a proxy's page). */
function graphError(text: string): { code?: number; message?: string; details?: string; is_transient?: boolean } | null {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; is_transient?: unknown; error_data?: { details?: unknown } } };
    if (!error || typeof error !== 'object') return null;
    return {
      code: typeof error.code === 'number' ? error.code : undefined,
      message: typeof error.message === 'string' ? error.message : undefined,
      details: typeof error.error_data?.details === 'string' && error.error_data.details !== '' ? error.error_data.details : undefined,
      is_transient: error.is_transient === true,
    };
  } catch {
    return null;
  }
}
