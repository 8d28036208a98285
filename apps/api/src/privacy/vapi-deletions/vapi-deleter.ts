import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '../../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { VapiServerApi } from '../../voice/vapi-server-api';
import { VapiDeletionsRepository, type DueDeletion, type VapiResource } from './vapi-deletions.repository';

const ROUND_SIZE = 50;
/** A failed deletion waits twice as long each time, up to this. */
const MAX_BACKOFF_SECONDS = 3_600;

/**
 * Works through the outbox of Vapi deletions (erasures, retention): `DELETE /call/{id}` for a
 * call, `DELETE /session/{id}` for a chat, through Vapi's server SDK until Vapi confirms (200,
 * or 404: nothing left to delete). A
 * failure (Vapi's 503 "retry the request", an outage, a timeout) is tried again after
 * VAPI_DELETE_RETRY_SECONDS, doubling. Every API process runs rounds; each deletion is
 * claimed by one of them at a time (VapiDeletionsRepository.claim).
 */
@Injectable()
export class VapiDeleter implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VapiDeleter.name);
  private readonly rounds = new PeriodicTask(
    () => this.round(),
    (error) => this.logger.error({ err: error }, 'A round of Vapi deletions failed; trying again next round'),
  );

  constructor(
    private readonly deletions: VapiDeletionsRepository,
    private readonly vapi: VapiServerApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.rounds.start(this.config.VAPI_DELETE_RETRY_SECONDS * 1000, { runNow: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.rounds.stop();
  }

  /** Runs a round now (after the one in progress, if any): new deletions need not wait for the timer. */
  kick(): void {
    this.rounds.kick();
  }

  private async round(): Promise<void> {
    const due = await this.deletions.due(new Date(), ROUND_SIZE);
    for (const deletion of due) {
      // Held for longer than one request can take; a process that dies lets it fall due again.
      const until = new Date(Date.now() + (this.config.VAPI_TIMEOUT_SECONDS + this.config.VAPI_DELETE_RETRY_SECONDS) * 1000);
      if (!(await this.deletions.claim(deletion, until))) continue;
      await this.delete(deletion);
    }
  }

  private async delete({ resource, vapiId, attempts }: DueDeletion): Promise<void> {
    const outcome = await this.askVapi(resource, vapiId);
    if ('confirmation' in outcome) {
      await this.deletions.confirm(vapiId, outcome.confirmation, new Date());
      this.logger.log({ resource, vapiId, ...outcome.confirmation }, `Vapi confirmed a ${resource} deletion`);
      return;
    }
    const wait = Math.min(this.config.VAPI_DELETE_RETRY_SECONDS * 2 ** attempts, MAX_BACKOFF_SECONDS);
    this.logger.warn({ resource, vapiId, attempt: attempts + 1, error: outcome.error, retryInSeconds: wait }, `Vapi did not delete a ${resource}; trying again later`);
    await this.deletions.failed(vapiId, outcome.error, new Date(Date.now() + wait * 1000));
  }

  private async askVapi(resource: VapiResource, vapiId: string): Promise<{ confirmation: Record<string, unknown> } | { error: string }> {
    if (!this.config.VAPI_PRIVATE_KEY) return { error: 'VAPI_PRIVATE_KEY is not set' };
    const { sdk, client } = await this.vapi.open();
    try {
      const deleted = resource === 'call' ? await client.calls.delete({ id: vapiId }) : await client.sessions.delete({ id: vapiId });
      return { confirmation: { status: 200, [`${resource}Status`]: deleted.status ?? null } };
    } catch (error) {
      if (error instanceof sdk.VapiError && error.statusCode === 404) return { confirmation: { status: 404 } };
      const status = error instanceof sdk.VapiError ? error.statusCode : undefined;
      const message = error instanceof Error ? error.message : String(error);
      return { error: (status ? `Vapi answered ${status}: ` : '') + this.vapi.redact(message).slice(0, 500) };
    }
  }
}
