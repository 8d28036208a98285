import { Injectable } from '@nestjs/common';
import { ConsentsRepository } from '../../compliance/consents.repository';
import { DndListRepository } from '../../compliance/dnd-list.repository';
import type { Lead } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { decideWhatsappEligibility, type WhatsappEligibility, type WhatsappTargetFacts } from './whatsapp-eligibility';
import { WhatsappMessagesRepository } from './whatsapp-messages.repository';

type Recipient = Pick<Lead, 'id' | 'phone' | 'doNotCall' | 'doNotCallReason'>;

/** Gathers what decideWhatsappEligibility needs about a lead, as stored now (inside a transaction, what it wrote counts). */
@Injectable()
export class WhatsappRecipients {
  constructor(
    private readonly consents: ConsentsRepository,
    private readonly dndList: DndListRepository,
    private readonly messages: WhatsappMessagesRepository,
  ) {}

  /** `optInNeeded` false for the one reply a withdrawal allows (its confirmation): every other rule still applies. */
  async eligibility(lead: Recipient, kind: 'text' | 'template', now: Date, db?: TransactionClient, optInNeeded = true): Promise<WhatsappEligibility> {
    const facts = await this.factsOf(lead, db);
    return decideWhatsappEligibility({ ...facts, optIn: optInNeeded ? facts.optIn : 'standing' }, kind, now);
  }

  /** What is stored about the person that the rules read. */
  async factsOf(lead: Recipient, db?: TransactionClient): Promise<WhatsappTargetFacts> {
    const [onDndList, optIn, lastInboundAt] = await Promise.all([
      lead.phone ? this.dndList.contains(lead.phone, db) : false,
      this.consents.stateOf(lead.id, db, 'whatsapp'),
      this.messages.lastInboundAt(lead.id, db),
    ]);
    return { hasPhone: lead.phone !== null, doNotCall: lead.doNotCall, doNotCallReason: lead.doNotCallReason, onDndList, optIn, lastInboundAt };
  }
}

/** The lead's number as the Cloud API takes it and Meta writes it: E.164's digits without the +. */
export function waIdOf(phone: string): string {
  return phone.replace(/^\+/, '');
}
