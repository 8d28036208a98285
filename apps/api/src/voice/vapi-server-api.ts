import { Inject, Injectable } from '@nestjs/common';
import type { VapiClient } from '@vapi-ai/server-sdk';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export type ServerSdk = typeof import('@vapi-ai/server-sdk');

/**
 * Vapi's REST API through its server SDK, with VAPI_PRIVATE_KEY from the environment: one
 * client per process. The SDK takes ~40 MB of memory once loaded: the first call placed or
 * deleted loads it, not start-up. The SDK never retries by itself (maxRetries 0): a
 * retried call creation could ring the customer twice, and deletions are retried by their
 * outbox with a backoff that outlasts an outage, and recorded.
 */
@Injectable()
export class VapiServerApi {
  private opened?: Promise<{ sdk: ServerSdk; client: VapiClient }>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The SDK (for its error classes) and the client. */
  open(): Promise<{ sdk: ServerSdk; client: VapiClient }> {
    this.opened ??= import('@vapi-ai/server-sdk').then((sdk) => ({
      sdk,
      client: new sdk.VapiClient({
        token: this.config.VAPI_PRIVATE_KEY!,
        baseUrl: this.config.VAPI_API_URL,
        timeoutInSeconds: this.config.VAPI_TIMEOUT_SECONDS,
        maxRetries: 0,
      }),
    }));
    return this.opened;
  }

  /** Text from or about Vapi without the private key: a platform may quote the credential it got, and this text reaches logs and browsers. */
  redact(text: string): string {
    return this.config.VAPI_PRIVATE_KEY ? text.replaceAll(this.config.VAPI_PRIVATE_KEY, '[redacted]') : text;
  }
}
