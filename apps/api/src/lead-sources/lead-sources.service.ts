import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { isBuiltInLeadSource, sourceKey, type CreatedLeadSourceKey, type InboundLeadReceipt, type LeadSource, type LeadSourceChanges, type LeadSourceKey, type NewLeadSource } from '@lead-desk/contracts';
import { DateTime } from 'luxon';
import { Clock } from '../common/clock';
import { InvalidFieldsException, TakenFieldException } from '../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { VOICE_BOT_SOURCE } from '../leads/lead-sources';
import { AccessLog } from '../privacy/access-log/access-log.service';
import { InboundDeliveriesRepository } from './inbound/inbound-deliveries.repository';
import { InboundLeadsService } from './inbound/inbound-leads.service';
import { newKeySecret } from './lead-source-key-secret';
import { LeadSourceKeysRepository } from './lead-source-keys.repository';
import { LeadSourceRefusalsRepository } from './lead-source-refusals.repository';
import { LeadSourcesRepository, type StoredLeadSource } from './lead-sources.repository';
import { toLeadSourceKeyOutput } from './outputs/lead-source.outputs';

/** What "send a test lead" sends: one made-up person, so repeated tests are one lead. */
const TEST_LEAD = { name: 'Test Lead', email: 'test-lead@example.com', remarks: 'Sent from the Sources panel ("send a test lead"): never called.' };

/**
 * Lead sources as admins keep them: a source of kind `api` they make, name, key and remove;
 * a built-in one (the callback form, Meta, Google) keeps its name and has no keys, but its
 * switch and default owner are theirs to set. Every change is in the access log.
 */
@Injectable()
export class LeadSourcesService {
  constructor(
    private readonly sources: LeadSourcesRepository,
    private readonly keys: LeadSourceKeysRepository,
    private readonly refusals: LeadSourceRefusalsRepository,
    private readonly deliveries: InboundDeliveriesRepository,
    private readonly inbound: InboundLeadsService,
    private readonly accessLog: AccessLog,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(archived: boolean): Promise<LeadSource[]> {
    const sources = await this.sources.list(archived);
    const local = DateTime.fromJSDate(this.clock.now(), { zone: this.config.APP_TIME_ZONE });
    const [counts, refusals, failures] = await Promise.all([
      this.sources.leadCounts(sources.map(({ name }) => name), local.startOf('day').toJSDate(), local.startOf('week').toJSDate()),
      this.refusals.newestBySource(),
      Promise.all(sources.map((source) => this.deliveries.lastFailure(source))),
    ]);
    return sources.map((source, index) => {
      const refusal = refusals.get(source.id);
      const failure = failures[index];
      const refused = refusal && { reason: refusal.reason, message: refusal.message, at: refusal.at.toISOString() };
      const failed = failure && { reason: 'failed_delivery', message: failure.message, at: failure.at };
      const lastError = refused && failed ? (refused.at > failed.at ? refused : failed) : (refused ?? failed ?? null);
      return { ...this.output(source), ...counts.get(source.name)!, lastError };
    });
  }

  async create(input: NewLeadSource, actorId: string | null): Promise<LeadSource> {
    const name = input.name.trim();
    await this.checkName(name);
    await this.checkOwner(input.defaultOwnerId ?? null);
    const source = await this.sources.create({ name, defaultOwnerId: input.defaultOwnerId ?? null, autoCall: input.autoCall ?? null });
    await this.accessLog.record({ actorId, action: 'lead_source_changed', targetIds: [source.id], details: { created: true, name, defaultOwnerId: source.defaultOwner?.id ?? null, autoCall: source.autoCall } });
    return { ...this.output(source), leadsToday: 0, leadsThisWeek: 0, lastLeadAt: null, lastError: null };
  }

  async update(id: string, changes: LeadSourceChanges, actorId: string | null): Promise<LeadSource> {
    const source = await this.live(id);
    if (changes.name !== undefined && changes.name.trim() !== source.name) {
      if (isBuiltInLeadSource(source.kind)) throw new InvalidFieldsException([{ field: 'name', message: 'of a built-in source cannot be changed' }]);
      await this.checkName(changes.name.trim(), id);
    }
    if (changes.defaultOwnerId !== undefined) await this.checkOwner(changes.defaultOwnerId);
    const updated = await this.sources.update(id, { name: changes.name?.trim(), defaultOwnerId: changes.defaultOwnerId, autoCall: changes.autoCall });
    await this.accessLog.record({ actorId, action: 'lead_source_changed', targetIds: [id], details: { ...changes } });
    return (await this.list(false)).find((listed) => listed.id === id) ?? { ...this.output(updated), leadsToday: 0, leadsThisWeek: 0, lastLeadAt: null, lastError: null };
  }

  /** Removed, not deleted: its leads keep its name, and its keys stop working at once. */
  async archive(id: string, actorId: string | null): Promise<void> {
    const source = await this.live(id);
    if (isBuiltInLeadSource(source.kind)) throw new ConflictException(`"${source.name}" is a built-in source: it cannot be removed (its switch can be turned off).`);
    await this.sources.archive(id, this.clock.now());
    await this.accessLog.record({ actorId, action: 'lead_source_changed', targetIds: [id], details: { archived: true, name: source.name } });
  }

  async createKey(id: string, label: string | undefined, actorId: string | null): Promise<CreatedLeadSourceKey> {
    const source = await this.live(id);
    if (isBuiltInLeadSource(source.kind)) throw new ConflictException(`"${source.name}" is a built-in source: its deliveries have their own check, not API keys.`);
    const secret = newKeySecret();
    const key = await this.keys.create(id, { prefix: secret.prefix, hash: secret.hash, label: label || null });
    await this.accessLog.record({ actorId, action: 'lead_source_key_created', targetIds: [id, key.id], details: { prefix: key.prefix } });
    return { ...toLeadSourceKeyOutput(key), key: secret.key };
  }

  async listKeys(id: string): Promise<LeadSourceKey[]> {
    await this.existing(id);
    return (await this.keys.list(id)).map(toLeadSourceKeyOutput);
  }

  async revokeKey(id: string, keyId: string, actorId: string | null): Promise<void> {
    await this.existing(id);
    if (!(await this.keys.revoke(id, keyId, this.clock.now()))) throw new NotFoundException(`Lead source ${id} has no key ${keyId}.`);
    await this.accessLog.record({ actorId, action: 'lead_source_key_revoked', targetIds: [id, keyId] });
  }

  /** A test lead through the inbound API's own path (read, inbox, intake), marked test so the agent never calls it. */
  async sendTestLead(id: string): Promise<InboundLeadReceipt> {
    const source = await this.live(id);
    return (await this.inbound.receive(source, TEST_LEAD, { test: true })).receipt;
  }

  private output(source: StoredLeadSource): Omit<LeadSource, 'leadsToday' | 'leadsThisWeek' | 'lastLeadAt' | 'lastError'> {
    return {
      id: source.id,
      name: source.name,
      kind: source.kind,
      builtIn: isBuiltInLeadSource(source.kind),
      defaultOwner: source.defaultOwner,
      autoCall: source.autoCall,
      callsNewLeads: source.autoCall ?? this.config.AUTO_CALLBACK,
      createdAt: source.createdAt.toISOString(),
      archivedAt: source.archivedAt?.toISOString() ?? null,
    };
  }

  private async existing(id: string): Promise<StoredLeadSource> {
    const source = await this.sources.find(id);
    if (!source) throw new NotFoundException(`Lead source ${id} not found.`);
    return source;
  }

  /** A removed source is gone for every change. */
  private async live(id: string): Promise<StoredLeadSource> {
    const source = await this.existing(id);
    if (source.archivedAt) throw new NotFoundException(`Lead source ${id} was removed.`);
    return source;
  }

  /** Names are one source's whatever their case ("99Acres" is "99acres"), a removed one's too (its leads keep it); the voice agent's is its own. */
  private async checkName(name: string, exceptId?: string): Promise<void> {
    const taken = (await this.sources.names()).some((source) => source.id !== exceptId && sourceKey(source.name) === sourceKey(name));
    if (taken || sourceKey(name) === sourceKey(VOICE_BOT_SOURCE)) {
      throw new TakenFieldException([{ field: 'name', message: 'is the name of another source' }], `"${name}" is the name of another source.`);
    }
  }

  private async checkOwner(ownerId: string | null): Promise<void> {
    if (ownerId !== null && !(await this.sources.staffExists(ownerId))) throw new InvalidFieldsException([{ field: 'defaultOwnerId', message: 'is not a member of staff' }]);
  }
}
