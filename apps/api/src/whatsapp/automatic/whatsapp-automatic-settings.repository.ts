import { Injectable } from '@nestjs/common';
import { DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES, whatsappAutomaticMessagesSchema, type WhatsappAutomaticMessages } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { TransactionClient } from '../../database/prisma-client';

const KEY = 'whatsapp-automatic-messages';

type Db = Pick<TransactionClient, 'appSetting'>;

/**
 * Which automatic WhatsApp messages are on, and their templates: an app setting (app_settings, key
 * `whatsapp-automatic-messages`), read in the transaction of the event that sends one.
 */
@Injectable()
export class WhatsappAutomaticSettingsRepository {
  constructor(private readonly database: Database) {}

  async read(db: Db = this.database.client): Promise<WhatsappAutomaticMessages> {
    const row = await db.appSetting.findUnique({ where: { key: KEY } });
    return row ? whatsappAutomaticMessagesSchema.parse(JSON.parse(row.value)) : DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES;
  }

  async write(settings: WhatsappAutomaticMessages): Promise<WhatsappAutomaticMessages> {
    const value = JSON.stringify(settings);
    await this.database.client.appSetting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value } });
    return settings;
  }
}
