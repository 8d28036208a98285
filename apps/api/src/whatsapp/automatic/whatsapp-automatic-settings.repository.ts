import { Injectable } from '@nestjs/common';
import { DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES, whatsappAutomaticMessagesSchema, type WhatsappAutomaticMessages } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import { JsonAppSetting } from '../../settings/json-app-setting';
import type { TransactionClient } from '../../database/prisma-client';

const KEY = 'whatsapp-automatic-messages';

type Db = Pick<TransactionClient, 'appSetting'>;

/**
 * Which automatic WhatsApp messages are on, and their templates: an app setting (app_settings, key
 * `whatsapp-automatic-messages`), read in the transaction of the event that sends one.
 */
@Injectable()
export class WhatsappAutomaticSettingsRepository {
  private readonly setting = new JsonAppSetting(KEY, whatsappAutomaticMessagesSchema, DEFAULT_WHATSAPP_AUTOMATIC_MESSAGES);

  constructor(private readonly database: Database) {}

  read(db: Db = this.database.client): Promise<WhatsappAutomaticMessages> {
    return this.setting.read(db);
  }

  write(settings: WhatsappAutomaticMessages): Promise<WhatsappAutomaticMessages> {
    return this.setting.write(settings, this.database.client);
  }
}
