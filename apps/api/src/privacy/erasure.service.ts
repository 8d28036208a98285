import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Erasure } from '@lead-desk/contracts';
import { Database } from '../database/database';
import { LiveEventsService } from '../events/live-events.service';
import { LeadsRepository } from '../leads/leads.repository';
import { AccessLog } from './access-log/access-log.service';
import { ErasedPeople } from './erased-people';
import { personKeysOfLead, type PersonKey } from './person-key';
import { PersonMentions } from './person-mentions';
import { PersonRecordsRepository, type ErasedRecords } from './person-records.repository';
import { VapiDeleter } from './vapi-deletions/vapi-deleter';
import { VapiDeletionsRepository } from './vapi-deletions/vapi-deletions.repository';

/**
 * Erases a person: in one transaction, their leads and everything linked (PersonRecordsRepository),
 * the records of merges that involved them, their mentions in saved views and jobs (redacted),
 * the erasure record with salted hashes of every phone and email they were known by, a Vapi
 * deletion per call and per chat (the outbox VapiDeleter works through until Vapi confirms) and the
 * access log's entry. Then every viewer who could see the leads is told they are gone.
 */
@Injectable()
export class ErasureService {
  private readonly logger = new Logger(ErasureService.name);

  constructor(
    private readonly database: Database,
    private readonly records: PersonRecordsRepository,
    private readonly leads: LeadsRepository,
    private readonly erasedPeople: ErasedPeople,
    private readonly deletions: VapiDeletionsRepository,
    private readonly deleter: VapiDeleter,
    private readonly liveEvents: LiveEventsService,
    private readonly accessLog: AccessLog,
  ) {}

  async erase(person: PersonKey, requestedBy: string, actorId: string | null): Promise<Erasure> {
    const erasure = await this.database.transaction(async (tx) => {
      // As a webhook or import creating this person would: neither can slip a new lead in half-way.
      await this.leads.lockIdentities([contactOf(person)], tx);
      const leads = await this.records.findLeads(person, tx);
      // The leads merged into theirs, as the merge records keep them, were theirs too.
      const merges = await this.records.findMerges(person, leads.map(({ id }) => id), tx);
      const identifiers = uniqueKeys([person, ...leads.flatMap(personKeysOfLead), ...merges.flatMap((merge) => merge.leads.flatMap(personKeysOfLead))]);
      const phones = identifiers.flatMap((key) => (key.kind === 'phone' ? [key.value] : []));
      const calls = await this.records.findCalls(leads.map(({ id }) => id), phones, tx);
      if (leads.length === 0 && calls.length === 0) return null;
      await this.leads.lockIdentities(identifiers.map(contactOf), tx);

      const vapiSessionIds = await this.records.findChatSessionIds(leads.map(({ id }) => id), tx);
      const erased = await this.records.erase(leads.map(({ id }) => id), calls, identifiers, merges.map(({ id }) => id), tx);
      const names = [...leads, ...merges.flatMap((merge) => merge.leads)].map(({ name }) => name);
      const mentions = new PersonMentions({ phones, emails: identifiers.flatMap((key) => (key.kind === 'email' ? [key.value] : [])), names });
      const redacted = await this.records.redactMentions(mentions, tx);
      const now = new Date();
      const record = await tx.erasure.create({
        data: {
          at: now,
          // Who asked, as the admin wrote it, may be the person ("aarav.sharma@… by email").
          requestedBy: mentions.redacted(requestedBy),
          carriedOutById: actorId,
          records: JSON.stringify(erased),
          identifiers: { create: [...new Set(identifiers.flatMap((key) => this.erasedPeople.hashesOf(asLead(key))))].map((hash) => ({ hash })) },
        },
      });
      await this.deletions.request(
        [
          ...calls.map(({ vapiCallId }) => ({ resource: 'call' as const, vapiId: vapiCallId, reason: 'erasure' as const, erasureId: record.id })),
          ...vapiSessionIds.map((vapiId) => ({ resource: 'session' as const, vapiId, reason: 'erasure' as const, erasureId: record.id })),
        ],
        tx,
        now,
      );
      await this.accessLog.record(
        { actorId, action: 'person_erased', targetIds: erased.leadIds, details: { erasureId: record.id, calls: erased.callIds.length, deleted: erased.deleted, redacted } },
        tx,
      );
      // Each viewer who could see a lead (by its owner) drops it; the others never knew of it.
      const removals = leads.map(({ id, ownerId }) => ({ type: 'lead.removed' as const, id, formerOwnerId: ownerId }));
      return { record, erased, removals };
    });
    if (!erasure) throw new NotFoundException('Nobody with that phone number or email is stored.');
    // The deleted rows were overwritten as they went (SQLite's secure_delete); older copies of their pages remain in the write-ahead log until now.
    await this.database.forgetDeletedRows();
    this.logger.log({ erasureId: erasure.record.id, leads: erasure.erased.leadIds.length, calls: erasure.erased.callIds.length }, 'Person erased');
    await this.liveEvents.publishAll(erasure.removals);
    this.deleter.kick();
    return this.get(erasure.record.id, erasure.erased);
  }

  /** An erasure as the API shows it, with where Vapi's deletions stand. */
  async get(id: string, records?: ErasedRecords): Promise<Erasure> {
    const erasure = await this.database.client.erasure.findUnique({ where: { id } });
    if (!erasure) throw new NotFoundException(`No erasure with id ${id}.`);
    const deletions = await this.deletions.forErasure(id);
    return {
      id: erasure.id,
      at: erasure.at.toISOString(),
      requestedBy: erasure.requestedBy,
      carriedOutBy: erasure.carriedOutById,
      records: records ?? (JSON.parse(erasure.records) as ErasedRecords),
      vapiDeletions: deletions.map(({ resource, vapiId, attempts, confirmedAt, lastError }) => ({
        ...(resource === 'session' ? { vapiSessionId: vapiId } : { vapiCallId: vapiId }),
        attempts,
        confirmedAt: confirmedAt?.toISOString() ?? null,
        lastError,
      })),
    };
  }
}

function uniqueKeys(keys: PersonKey[]): PersonKey[] {
  return [...new Map(keys.map((key) => [`${key.kind}:${key.value}`, key])).values()];
}

function asLead(key: PersonKey): { phone: string | null; email: string | null } {
  return key.kind === 'phone' ? { phone: key.value, email: null } : { phone: null, email: key.value };
}

/** A person key as the leads' identity locks take it. */
function contactOf(key: PersonKey): { email?: string; phone?: string } {
  return key.kind === 'email' ? { email: key.value } : { phone: key.value };
}
