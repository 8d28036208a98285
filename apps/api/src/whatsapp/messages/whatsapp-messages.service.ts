import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SendWhatsappMessage, WhatsappMessage, WhatsappReplyOptions, WhatsappTemplateVariable } from '@lead-desk/contracts';
import type { StaffPrincipal } from '../../auth/staff-session';
import { Clock } from '../../common/clock';
import { InvalidFieldsException } from '../../common/field-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';
import { LiveEventsService } from '../../events/live-events.service';
import { canSeeLead, leadAccessOf } from '../../leads/access/lead-access';
import { TemplateContextsRepository } from '../templates/template-contexts.repository';
import { filledTemplate, templateValues } from '../templates/template-values';
import { WhatsappTemplatesRepository } from '../templates/whatsapp-templates.repository';
import { readWhatsappSettings, whatsappNotConfigured, whatsappSendingSettings } from '../whatsapp-settings';
import { decideWhatsappEligibility, replyWindow } from './whatsapp-eligibility';
import { WhatsappMessageQueue, type QueuedContent } from './whatsapp-message-queue';
import { toWhatsappMessageOutput } from './whatsapp-message.output';
import { WhatsappMessagesRepository } from './whatsapp-messages.repository';
import { WhatsappOutbox } from './whatsapp-outbox';
import { WhatsappRecipients } from './whatsapp-recipients';

/**
 * A lead's WhatsApp conversation for staff who see the lead (another agent's is a 404): read it,
 * and send free text (inside the 24-hour window) or a registered template (anytime), each only
 * with the lead's opt-in and never to a Do Not Call lead (409 with the reason in words). A send is
 * written to the outbox with its timeline entry first, then sent at once; the answer is the message
 * as it stands: accepted by Meta, pending (Meta's rate limit: tried again), or failed with Meta's reason.
 */
@Injectable()
export class WhatsappMessagesService {
  constructor(
    private readonly database: Database,
    private readonly messages: WhatsappMessagesRepository,
    private readonly templates: WhatsappTemplatesRepository,
    private readonly contexts: TemplateContextsRepository,
    private readonly recipients: WhatsappRecipients,
    private readonly queue: WhatsappMessageQueue,
    private readonly outbox: WhatsappOutbox,
    private readonly liveEvents: LiveEventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(leadId: string, limit: number, staff: StaffPrincipal | undefined): Promise<WhatsappMessage[]> {
    await visibleLead(leadId, staff, this.database.client);
    return (await this.messages.listForLead(leadId, limit)).map(toWhatsappMessageOutput);
  }

  /** What a reply may be now: nothing while WhatsApp is off or the person may not be messaged, templates only outside the window. */
  async replyOptions(leadId: string, staff: StaffPrincipal | undefined): Promise<WhatsappReplyOptions> {
    const lead = await visibleLead(leadId, staff, this.database.client);
    const now = this.clock.now();
    const settings = readWhatsappSettings(this.config);
    const facts = await this.recipients.factsOf(lead);
    const decision = decideWhatsappEligibility(facts, 'template', now);
    const window = replyWindow(facts.lastInboundAt, now);
    return {
      notConfigured: settings.ok ? null : whatsappNotConfigured(settings.missing),
      refusal: decision.allowed ? null : { code: decision.code, reason: decision.reason },
      window: { open: window.open, closesAt: window.closesAt?.toISOString() ?? null, lastInboundAt: facts.lastInboundAt?.toISOString() ?? null },
    };
  }

  async send(leadId: string, input: SendWhatsappMessage, staff: StaffPrincipal | undefined): Promise<WhatsappMessage> {
    await visibleLead(leadId, staff, this.database.client);
    whatsappSendingSettings(this.config);
    const now = this.clock.now();
    const queued = await this.database.transaction(async (tx) => {
      const lead = await visibleLead(leadId, staff, tx);
      const kind = input.template === undefined ? 'text' : 'template';
      const decision = await this.recipients.eligibility(lead, kind, now, tx);
      if (!decision.allowed) throw new ConflictException(decision.reason);
      const content = input.template === undefined ? { text: input.text! } : await this.templateContent(leadId, input, now, tx);
      return this.queue.queue({ id: lead.id, phone: lead.phone! }, content, { senderId: staff?.id ?? null, eventKey: null, at: now, claim: this.outbox.claimFrom(now) }, tx);
    });
    await this.liveEvents.publish({ type: 'lead.updated', id: leadId });
    await this.outbox.sendClaimed(queued.id);
    const [sent] = await this.messages.findByIds([queued.id]);
    return toWhatsappMessageOutput(sent);
  }

  /** The registered template the send names (by id, or by name and language), its values from their sources. */
  private async templateContent(leadId: string, input: SendWhatsappMessage, now: Date, tx: TransactionClient): Promise<QueuedContent> {
    const named = await this.templates.find(input.template!, tx);
    const candidates = named && !named.archivedAt ? [named] : (await this.templates.findByName(input.template!, tx)).filter((template) => !input.language || template.language === input.language);
    if (candidates.length === 0) throw new InvalidFieldsException([{ field: 'template', message: `is not a registered template${input.language ? ` in ${input.language}` : ''} (GET /api/whatsapp/templates lists them)` }]);
    if (candidates.length > 1) throw new InvalidFieldsException([{ field: 'language', message: `is required: ${input.template} is registered in ${candidates.map(({ language }) => language).join(', ')}` }]);
    const [template] = candidates;
    const filled = templateValues(JSON.parse(template.variables) as WhatsappTemplateVariable[], await this.contexts.contextOf(leadId, now, tx), input.variables ?? {});
    if (!filled.ok) throw new InvalidFieldsException(filled.errors);
    return { template: { name: template.name, language: template.language, values: filled.values, filled: filledTemplate(template, filled.values) } };
  }
}

/** The lead, if the viewer may see it; another agent's lead is answered as missing. */
async function visibleLead(leadId: string, staff: StaffPrincipal | undefined, db: Pick<TransactionClient, 'lead'>) {
  const lead = await db.lead.findUnique({ where: { id: leadId }, select: { id: true, ownerId: true, phone: true, doNotCall: true, doNotCallReason: true } });
  if (!lead || !canSeeLead(leadAccessOf(staff), lead.ownerId)) throw new NotFoundException(`No lead with id ${leadId}.`);
  return lead;
}
