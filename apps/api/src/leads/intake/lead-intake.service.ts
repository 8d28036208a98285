import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_CONSENT_PURPOSE } from '@lead-desk/contracts';
import { activity, type NewActivity } from '../../activity/activity-entry';
import { LeadActivityRepository } from '../../activity/lead-activity.repository';
import { InvalidFieldsException } from '../../common/field-errors';
import { Clock } from '../../common/clock';
import { ConsentsRepository } from '../../compliance/consents.repository';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';
import type { LiveEventSignal } from '../../events/live-event';
import { ErasedPeople } from '../../privacy/erased-people';
import { StagesRepository } from '../../stages/stages.repository';
import { CadenceOpening, type FirstCall } from '../../voice/callbacks/cadence-opening';
import { PossibleDuplicates } from '../duplicates/possible-duplicates';
import { freshLead } from '../fresh-lead';
import { parseLeadInput, type ValidLead } from '../inputs/lead-input';
import { identityKeys, LeadIdentities } from '../lead-identity';
import { columnsOfFields, leadColumnsOf, leadFieldChanges } from '../lead-field-changes';
import { toLeadChanges, toLeadWrite } from '../lead-write';
import { LeadsRepository } from '../leads.repository';
import { LeadRouter } from '../routing/lead-router';
import { routingActivity } from '../routing/routing-activity';
import type { InboundLead, IntakeOutcome } from './inbound-lead';
import { IntakeSourcesRepository, type IntakeSource } from './intake-sources.repository';

/**
 * Where every inbound channel hands its lead (the callback form, Meta and Google lead forms, a
 * lead source's API key, a caller the agent meets during a call), inside the channel's own
 * transaction, which also records the delivery: the person is resolved by the identity rule
 * (the same phone or email under a name that does not differ beyond spelling is the same lead;
 * another name makes a lead of its own, flagged as a possible duplicate). A known lead only
 * gains what it lacked: a value that differs from a stored one is kept on the timeline for
 * staff, never written over it, and the lead keeps its first source. A new lead goes to its
 * source's default owner or by round-robin. The consents given with the lead are recorded with
 * their wording; then, if the source has the agent call, its cadence opens (one per lead: a lead
 * with an open cadence keeps it), its first call after AUTO_CALLBACK_DELAY_SECONDS, the
 * preferred time and within the calling rules. Every change has its activity entry in the same
 * transaction.
 */
@Injectable()
export class LeadIntakeService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly sources: IntakeSourcesRepository,
    private readonly router: LeadRouter,
    private readonly stages: StagesRepository,
    private readonly activities: LeadActivityRepository,
    private readonly consents: ConsentsRepository,
    private readonly erasedPeople: ErasedPeople,
    private readonly possibleDuplicates: PossibleDuplicates,
    private readonly cadences: CadenceOpening,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throws InvalidFieldsException (a 400 naming the fields) when the lead's fields are not valid. */
  async receive(inbound: InboundLead, db: TransactionClient): Promise<IntakeOutcome & { signals: LiveEventSignal[] }> {
    const parsed = parseLeadInput({ ...inbound.fields, source: inbound.source }, this.config.DEFAULT_PHONE_REGION);
    if (!parsed.ok) throw new InvalidFieldsException(parsed.errors);
    const given = parsed.value;
    const now = this.clock.now();
    const source = inbound.sourceId ? await this.sources.find(inbound.sourceId, db) : null;
    const person = { email: given.email, phone: given.phone, name: inbound.nameUnknown ? null : given.name };
    await this.leads.lockIdentities([person], db);
    const match = new LeadIdentities(await this.leads.findIdentities(identityKeys([person]), db)).match(person);
    const entries: NewActivity[] = [];
    let lead: Lead;
    let created = false;
    if (match?.kind === 'same') {
      const stored = (await this.leads.findIdentities({ ids: [match.lead.id], emailKeys: [], phones: [] }, db))[0];
      const { source: _keptSource, name, ...otherColumns } = toLeadChanges(given);
      const givenColumns = inbound.nameUnknown ? otherColumns : { name, ...otherColumns };
      const differing = leadFieldChanges(leadColumnsOf(stored), givenColumns);
      const filled = new Set(differing.filter(({ from }) => from === null).map(({ field }) => field));
      const columns = columnsOfFields(givenColumns, filled);
      lead = Object.keys(columns).length > 0 ? await this.leads.update(stored.id, columns, db) : stored;
      entries.push(
        arrivedEntry(lead.id, inbound, differing.filter(({ field }) => !filled.has(field)).map(({ field, to }) => ({ field, value: to }))),
        ...leadFieldChanges(leadColumnsOf(stored), columns).map((change) => activity(lead.id, 'updated', change)),
      );
    } else {
      lead = await this.create(given, source, inbound, now, entries, db);
      created = true;
      if (match) entries.push(...(await this.possibleDuplicates.record([{ leadId: lead.id, otherLeadId: match.lead.id, reason: match.reason }], [lead], null, db, now)));
    }
    for (const given of inbound.consents ?? []) {
      const consent = await this.consents.create({ leadId: lead.id, ...given, purpose: given.purpose || DEFAULT_CONSENT_PURPOSE, givenAt: now }, db);
      entries.push(activity(lead.id, 'consent_given', { consentId: consent.id, channel: consent.channel, purpose: consent.purpose }));
    }
    await this.activities.append(entries, db, now);
    const call = await this.firstCall(lead, source, inbound, now, db);
    return {
      leadId: lead.id,
      created,
      possibleDuplicateOf: !created || !match ? null : match.lead.id,
      ...call,
      signals: [{ type: created ? 'lead.created' : 'lead.updated', id: lead.id }],
    };
  }

  private async create(given: ValidLead, source: IntakeSource | null, inbound: InboundLead, now: Date, entries: NewActivity[], db: TransactionClient): Promise<Lead> {
    const [routed] = source?.defaultOwner ? [null] : await this.router.ownersFor(1, db);
    const owner = source?.defaultOwner ?? routed;
    const lead: Lead = {
      ...toLeadWrite(given),
      ...freshLead(await this.stages.entryStageId(db)),
      source: inbound.source,
      ownerId: owner?.id ?? null,
      id: newRowId(),
      createdAt: now,
      updatedAt: now,
    };
    // Its response-time row is written with it, arrived by the source's own clock where it sends one.
    await this.leads.createMany([{ ...lead, arrivedAt: inbound.arrivedAt ?? now }], db);
    entries.push(
      activity(lead.id, 'created', { source: lead.source }),
      arrivedEntry(lead.id, inbound, []),
      ...(routed ? routingActivity([{ id: lead.id, owner: routed }]) : []),
      ...(source?.defaultOwner ? [activity(lead.id, 'assigned', { from: null, to: source.defaultOwner, by: 'source' })] : []),
      ...(await this.erasedPeople.flagNewLeads([lead], db, now)),
    );
    return lead;
  }

  /** Opens the lead's cadence when its source has the agent call, and says when the first call will be, or why there is none. */
  private async firstCall(lead: Lead, source: IntakeSource | null, inbound: InboundLead, now: Date, db: TransactionClient): Promise<FirstCall> {
    if (inbound.test) return { firstCallAt: null, callNote: 'A test lead: the agent does not call it.' };
    if (inbound.onCallWithAgent) return { firstCallAt: null, callNote: 'On a call with the agent as the lead was made.' };
    if (!(source?.autoCall ?? this.config.AUTO_CALLBACK)) return { firstCallAt: null, callNote: `The agent does not call new leads of ${inbound.source}.` };
    return this.cadences.open(lead, { source: inbound.source, preferredAt: inbound.preferredAt }, now, db);
  }
}

/** The timeline's record of a delivery: where it came from, what came with it, and the values it gave that the lead kept its own for. */
function arrivedEntry(leadId: string, inbound: InboundLead, kept: { field: string; value: unknown }[]): NewActivity {
  return activity(leadId, 'arrived', { source: inbound.source, test: inbound.test ?? false, details: inbound.details ?? {}, kept: kept.map(({ field, value }) => ({ field, value: value === null || value === undefined ? null : String(value) })) });
}
