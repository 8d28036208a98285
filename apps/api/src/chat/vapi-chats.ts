import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isTimeout, messageOf } from '../voice/vapi-errors';
import { VapiServerApi } from '../voice/vapi-server-api';
import { serverSentData } from './server-sent-events';
import { vapiSessionSchema, type VapiSession } from './vapi-session';

/** A session's lifetime when Vapi's answer names none (its documented default: 24 hours). */
const DEFAULT_EXPIRATION_SECONDS = 86_400;
/** Where a streamed chunk's words go in the chat being built (CreateChatStreamResponse.path): `chat.output[i].content`. */
const OUTPUT_CONTENT = /^chat\.output\[(\d+)\]\.content$/;

/** Vapi failed a chat request: `timedOut` when it did not answer in time; the message is for logs (the key redacted). */
export class VapiChatFailed extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** A session Vapi opened for our assistant. */
export interface OpenedSession {
  id: string;
  expiresAt: Date;
}

/**
 * Vapi's text chat with our assistant (VAPI_ASSISTANT_ID), with the private key, for the page's
 * chat: sessions through the server SDK (POST /session, PATCH and GET /session/{id}), and each
 * message as POST /chat `{ sessionId, input, stream: true }`, read as Server-Sent Events of
 * CreateChatStreamResponse chunks (`{ id, sessionId, path, delta }`, then `[DONE]`). A session
 * is opened before the first message (not by the first POST /chat) so that the API knows it,
 * and when it expires, before anything is forwarded; a session is tied to its assistant, so
 * the messages name only the session.
 */
@Injectable()
export class VapiChats {
  private readonly logger = new Logger(VapiChats.name);

  constructor(
    private readonly vapi: VapiServerApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The variables the chat cannot work without, when unset. */
  missingConfiguration(): string[] {
    return (['VAPI_PRIVATE_KEY', 'VAPI_ASSISTANT_ID'] as const).filter((name) => !this.config[name]);
  }

  async openSession(): Promise<OpenedSession> {
    const session = vapiSessionSchema.parse(await this.sdkCall('open a session', (client) => client.sessions.create({ assistantId: this.config.VAPI_ASSISTANT_ID })));
    const createdAt = session.createdAt ? new Date(session.createdAt) : new Date();
    const seconds = session.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
    return { id: session.id, expiresAt: new Date((Number.isNaN(createdAt.getTime()) ? Date.now() : createdAt.getTime()) + seconds * 1000) };
  }

  /** Marks the session completed (UpdateSessionDTO `status: completed`): its artifact is made, and no message continues it. */
  async complete(sessionId: string): Promise<VapiSession> {
    return vapiSessionSchema.parse(await this.sdkCall('complete a session', (client) => client.sessions.update({ id: sessionId, status: 'completed' })));
  }

  async read(sessionId: string): Promise<VapiSession> {
    return vapiSessionSchema.parse(await this.sdkCall('read a session', (client) => client.sessions.get({ id: sessionId })));
  }

  /**
   * The agent's answer to one message, its words as they come. A later output of the same
   * answer (after a tool call) starts a new paragraph. Throws VapiChatFailed when Vapi refuses,
   * fails or stays silent for VAPI_TIMEOUT_SECONDS (before its answer or between two chunks).
   */
  async *answer(sessionId: string, input: string, signal: AbortSignal): AsyncGenerator<string> {
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop);
    let timer = this.silenceTimer(controller);
    try {
      const url = new URL('chat', `${this.config.VAPI_API_URL.replace(/\/?$/, '/')}`);
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.config.VAPI_PRIVATE_KEY}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ sessionId, input, stream: true }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const quoted = messageOf(await response.json().catch(() => undefined)) ?? response.statusText;
        throw new VapiChatFailed(`Vapi answered ${response.status} to a chat message: ${this.vapi.redact(quoted)}`, false);
      }
      let output: string | undefined;
      for await (const data of serverSentData(response.body)) {
        clearTimeout(timer);
        timer = this.silenceTimer(controller);
        if (data === '[DONE]') return;
        const words = deltaOf(data);
        if (!words) continue;
        if (output !== undefined && words.output !== output) yield '\n\n';
        output = words.output;
        yield words.delta;
      }
    } catch (error) {
      if (error instanceof VapiChatFailed || signal.aborted) throw error;
      if (controller.signal.aborted) throw new VapiChatFailed(`Vapi did not answer a chat message within ${this.config.VAPI_TIMEOUT_SECONDS} s`, true);
      throw new VapiChatFailed(`Vapi could not be reached for a chat message: ${error instanceof Error ? error.message : String(error)}`, false);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  private silenceTimer(controller: AbortController): NodeJS.Timeout {
    return setTimeout(() => controller.abort(), this.config.VAPI_TIMEOUT_SECONDS * 1000);
  }

  private async sdkCall<T>(what: string, request: (client: Awaited<ReturnType<VapiServerApi['open']>>['client']) => Promise<T>): Promise<T> {
    const { sdk, client } = await this.vapi.open();
    try {
      return await request(client);
    } catch (error) {
      if (isTimeout(error, sdk.VapiError, sdk.VapiTimeoutError)) throw new VapiChatFailed(`Vapi did not answer within ${this.config.VAPI_TIMEOUT_SECONDS} s to ${what}`, true);
      const status = error instanceof sdk.VapiError ? error.statusCode : undefined;
      const quoted = messageOf(error instanceof sdk.VapiError ? error.body : undefined) ?? (error instanceof Error ? error.message : String(error));
      this.logger.warn({ status, what }, 'Vapi refused a chat request');
      throw new VapiChatFailed(`Vapi could not ${what}${status ? ` (${status})` : ''}: ${this.vapi.redact(quoted)}`, false);
    }
  }
}

/** A chunk's words and which output of the answer they belong to; undefined for a chunk that carries none. */
function deltaOf(data: string): { output: string; delta: string } | undefined {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new VapiChatFailed(`Vapi sent a chat chunk that is not JSON: ${data.slice(0, 200)}`, false);
  }
  const { path, delta } = (chunk ?? {}) as { path?: unknown; delta?: unknown };
  const output = typeof path === 'string' ? OUTPUT_CONTENT.exec(path)?.[1] : undefined;
  return output !== undefined && typeof delta === 'string' && delta !== '' ? { output, delta } : undefined;
}
