import { Module } from '@nestjs/common';
import { WhatsappMessageQueue } from '../messages/whatsapp-message-queue';
import { WhatsappMessagesRepository } from '../messages/whatsapp-messages.repository';
import { TemplateContextsRepository } from '../templates/template-contexts.repository';
import { WhatsappTemplatesRepository } from '../templates/whatsapp-templates.repository';
import { AutomaticWhatsappMessages } from './automatic-whatsapp-messages';
import { VisitReminderRunner } from './visit-reminder-runner';
import { VisitRemindersRepository } from './visit-reminders.repository';
import { WhatsappAutomaticSettingsRepository } from './whatsapp-automatic-settings.repository';
import { WhatsappAutomaticSettingsService } from './whatsapp-automatic-settings.service';

/**
 * The automatic WhatsApp messages and what they share with the rest of WhatsApp (the outbox's
 * queue, the templates): apart, so the modules whose events send one (tasks, the cadence) import
 * it without importing the whole of WhatsApp (which imports them).
 */
@Module({
  providers: [
    WhatsappAutomaticSettingsRepository,
    WhatsappAutomaticSettingsService,
    AutomaticWhatsappMessages,
    VisitRemindersRepository,
    VisitReminderRunner,
    WhatsappMessagesRepository,
    WhatsappMessageQueue,
    WhatsappTemplatesRepository,
    TemplateContextsRepository,
  ],
  exports: [WhatsappAutomaticSettingsService, AutomaticWhatsappMessages, WhatsappMessagesRepository, WhatsappMessageQueue, WhatsappTemplatesRepository, TemplateContextsRepository],
})
export class WhatsappAutomaticModule {}
