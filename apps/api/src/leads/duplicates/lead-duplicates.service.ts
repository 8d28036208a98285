import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { DuplicatePair, LeadMatch, LeadMatchesQuery } from '@lead-desk/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { canSeeLead, type LeadAccess } from '../access/lead-access';
import { normalizePhoneNumber } from '../phone-number';
import { decodeLeadCursor, encodeLeadCursor } from '../lead-cursor';
import { identityKeys, LeadIdentities } from '../lead-identity';
import { LeadsRepository } from '../leads.repository';
import { LeadDuplicatesRepository } from './lead-duplicates.repository';
import { toDuplicatePairOutput } from './outputs/duplicate-pair.output';

export interface DuplicatesPage {
  items: DuplicatePair[];
  nextCursor: string | null;
}

/** Possible duplicates for staff: the list, a pair dismissed for good, and who a phone or email typed into a form belongs to. */
@Injectable()
export class LeadDuplicatesService {
  constructor(
    private readonly duplicates: LeadDuplicatesRepository,
    private readonly leads: LeadsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(access: LeadAccess, limit: number, cursor?: string, leadId?: string): Promise<DuplicatesPage> {
    const after = cursor ? decodeLeadCursor(cursor) : undefined;
    const rows = await this.duplicates.findPage(access, limit + 1, after, leadId);
    const items = rows.slice(0, limit).map(toDuplicatePairOutput);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeLeadCursor({ createdAt: new Date(last.detectedAt), id: last.id }) : null };
  }

  /** "Not the same person": a pair out of the viewer's sight is answered as missing; dismissing twice changes nothing. */
  async dismiss(id: string, access: LeadAccess, actorId: string | null): Promise<void> {
    const [pair] = await this.duplicates.findOwners(id);
    if (!pair || !canSeeLead(access, pair.leadOwnerId) || !canSeeLead(access, pair.otherOwnerId)) throw new NotFoundException(`No possible duplicate with id ${id}.`);
    await this.duplicates.dismiss(id, actorId, new Date());
  }

  /**
   * The stored leads a phone or email typed into a lead's form belongs to (phone read in
   * DEFAULT_PHONE_REGION), oldest first, emails first; a lead the viewer may not see is
   * named by nothing but the fact. `exceptId` (the lead being edited) is left out.
   */
  async matches({ phone, email, exceptId }: LeadMatchesQuery, access: LeadAccess): Promise<LeadMatch[]> {
    const person = { email: email || null, phone: phone ? normalizePhoneNumber(phone, this.config.DEFAULT_PHONE_REGION) : null };
    const stored = (await this.leads.findIdentities(identityKeys([person]))).filter((lead) => lead.id !== exceptId);
    const owners = new Map(stored.map((lead) => [lead.id, lead.ownerId]));
    return new LeadIdentities(stored).sharingContact(person).map(({ lead, reason }) => ({
      field: reason === 'same_phone' ? 'phone' : 'email',
      reason,
      lead: canSeeLead(access, owners.get(lead.id) ?? null) ? { _id: lead.id, name: lead.name, phone: lead.phone, email: lead.email } : null,
    }));
  }
}
