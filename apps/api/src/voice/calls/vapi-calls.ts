import { BadGatewayException, GatewayTimeoutException, HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { Vapi } from '@vapi-ai/server-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isTimeout, messageOf } from '../vapi-errors';
import { type ServerSdk, VapiServerApi } from '../vapi-server-api';

/** A call Vapi created, as far as we follow it. */
export interface CreatedCall {
  id: string;
  status: string;
}

/**
 * Creating a call failed. `outcomeUnknown`: the platform may have created it all the same
 * (it timed out, or the connection broke before an answer): whoever retries must first ask
 * Vapi which calls exist, or the customer may be rung twice.
 */
export class CallCreationFailed extends Error {
  constructor(
    readonly httpError: HttpException,
    readonly outcomeUnknown: boolean,
  ) {
    super(httpError.message);
  }
}

/**
 * Vapi's calls for our assistant and phone number (VAPI_ASSISTANT_ID, VAPI_PHONE_NUMBER_ID):
 * the one place that creates an outbound call (POST /call), for staff's button and the
 * agent's cadence alike, and lists the calls made since a moment (GET /call).
 */
@Injectable()
export class VapiCalls {
  private readonly logger = new Logger(VapiCalls.name);

  constructor(
    private readonly vapi: VapiServerApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Dials `number` with our assistant; throws CallCreationFailed. */
  async create(number: string, name: string | undefined, leadId: string | undefined): Promise<CreatedCall> {
    const { sdk, client } = await this.vapi.open();
    const request: Vapi.CreateCallDto = {
      assistantId: this.config.VAPI_ASSISTANT_ID,
      phoneNumberId: this.config.VAPI_PHONE_NUMBER_ID,
      customer: { number, ...(name ? { name } : {}) },
      // POST /call has no metadata of its own; the assistant's overrides carry ours, and
      // Vapi echoes them in every server message about the call.
      ...(leadId ? { assistantOverrides: { metadata: { leadId } } } : {}),
    };
    let answer: Vapi.CreateCallsResponse;
    try {
      answer = await client.calls.create(request);
    } catch (error) {
      throw this.platformFailure(sdk, error, leadId);
    }
    // A batch answer, or a body that is not JSON, carries no call to follow.
    const call = typeof answer === 'object' && answer !== null && 'id' in answer ? answer : undefined;
    if (typeof call?.id !== 'string') {
      this.logger.error({ leadId, answer }, 'Voice platform answered without a call id');
      // It answered 2xx: a call may exist that we cannot name.
      throw new CallCreationFailed(new BadGatewayException('The voice platform answered without a call id.'), true);
    }
    return { id: call.id, status: call.status ?? 'queued' };
  }

  /**
   * The calls of our phone number created after `after` (GET /call with createdAtGt and
   * phoneNumberId; Vapi filters by nothing finer, so the caller matches the customer).
   */
  async listSince(after: Date): Promise<Vapi.Call[]> {
    const { client } = await this.vapi.open();
    return client.calls.list({ phoneNumberId: this.config.VAPI_PHONE_NUMBER_ID, createdAtGt: after.toISOString(), limit: 1000 });
  }

  private platformFailure({ VapiError, VapiTimeoutError }: ServerSdk, error: unknown, leadId: string | undefined): CallCreationFailed {
    if (isTimeout(error, VapiError, VapiTimeoutError)) {
      this.logger.error({ leadId, timeoutSeconds: this.config.VAPI_TIMEOUT_SECONDS }, 'Voice platform timed out creating a call');
      return new CallCreationFailed(new GatewayTimeoutException(`The voice platform did not answer within ${this.config.VAPI_TIMEOUT_SECONDS} s.`), true);
    }
    const status = error instanceof VapiError ? error.statusCode : undefined;
    const quoted = messageOf(error instanceof VapiError ? error.body : undefined) ?? (error instanceof Error ? error.message : String(error));
    // A platform that quotes the credential it got back must not carry the key to the browser or the log.
    const platformMessage = this.vapi.redact(quoted);
    this.logger.error({ leadId, status, platformMessage }, 'Voice platform refused to create a call');
    // No status: the connection failed before any answer, so the request may have reached Vapi.
    return new CallCreationFailed(new BadGatewayException(`The voice platform refused the call: ${platformMessage}`), status === undefined || status >= 500);
  }
}
