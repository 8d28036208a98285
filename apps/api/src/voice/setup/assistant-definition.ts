import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { AppConfig } from '../../config/app-config';
import { WHATSAPP_OPT_IN_QUESTION } from './whatsapp-opt-in-question';

export const ASSISTANT_NAME = 'Lead Desk sales agent';
export const CREDENTIAL_NAME = 'Lead Desk webhook';

/**
 * The server messages the webhook stores and acts on (see vapi-message.ts), those it answers
 * during the call or chat (voice/server-requests): the tools' calls and the transfer's
 * destination, and a chat's session once completed (`session.updated`: its result, which
 * saves reading it back; a chat sends no end-of-call report).
 */
const HANDLED_SERVER_MESSAGES: Vapi.CreateAssistantDtoServerMessagesItem[] = ['end-of-call-report', 'status-update', 'tool-calls', 'transfer-destination-request', 'session.updated'];

/** A caller we know (assistant-request's variableValues) is greeted by name; a new one is asked for it. */
const FIRST_MESSAGE =
  '{% if firstName %}Namaste {{ firstName }}! I am Riya, the AI assistant of Lead Desk Realty. Good to hear from you again. How can I help you today?' +
  '{% else %}Namaste! I am Riya, the AI assistant of Lead Desk Realty. I can tell you about our available properties and book a site visit for you. May I know your name?{% endif %}';

/** The reviewed prompt, beside this file (`pnpm vapi:setup` runs from the source), with the WhatsApp question in the words its opt-ins keep. */
export function assistantPrompt(): string {
  return readFileSync(join(__dirname, 'assistant-prompt.md'), 'utf8').trim().replace('%WHATSAPP_OPT_IN_QUESTION%', WHATSAPP_OPT_IN_QUESTION);
}

/** The HMAC credential the webhook verifies, field by field from the same settings the API reads. */
export function hmacPlan(config: AppConfig, secretKey: string): Vapi.CreateCustomCredentialDtoAuthenticationPlan.Hmac {
  return {
    type: 'hmac',
    secretKey,
    algorithm: config.VAPI_WEBHOOK_HMAC_ALGORITHM,
    signatureHeader: config.VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER,
    timestampHeader: config.VAPI_WEBHOOK_HMAC_TIMESTAMP_HEADER,
    includeTimestamp: config.VAPI_WEBHOOK_HMAC_INCLUDE_TIMESTAMP,
    ...(config.VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT ? { payloadFormat: config.VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT } : {}),
    ...(config.VAPI_WEBHOOK_HMAC_SIGNATURE_PREFIX ? { signaturePrefix: config.VAPI_WEBHOOK_HMAC_SIGNATURE_PREFIX } : {}),
    signatureEncoding: config.VAPI_WEBHOOK_HMAC_ENCODING,
    secretIsBase64: config.VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64,
  };
}

/** POST /credential's body: the SDK's DTO leaves out the `provider` the OpenAPI document requires (it tags the union). */
export type CustomCredentialRequest = Vapi.CreateCustomCredentialDto & { provider: 'custom-credential' };

export function webhookCredential(config: AppConfig, secretKey: string): CustomCredentialRequest {
  return { provider: 'custom-credential', name: CREDENTIAL_NAME, authenticationPlan: hmacPlan(config, secretKey) };
}

/** The webhook: where every server message goes, for the assistant, its tools and the inbound number. */
export function webhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/webhooks/vapi`;
}

/** The sales agent: the prompt, its tools, its structured output, and the webhook with its credential. */
export function salesAssistant(publicUrl: string, structuredOutputId: string, credentialId: string, toolIds: string[]): Vapi.CreateAssistantDto {
  return {
    name: ASSISTANT_NAME,
    firstMessage: FIRST_MESSAGE,
    model: { provider: 'openai', model: 'gpt-4.1', messages: [{ role: 'system', content: assistantPrompt() }], toolIds },
    // Indian English, spoken numbers and names.
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en-IN' },
    artifactPlan: { recordingEnabled: true, structuredOutputIds: [structuredOutputId] },
    server: { url: webhookUrl(publicUrl), credentialId },
    serverMessages: HANDLED_SERVER_MESSAGES,
  };
}
