import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { HourlyRequestLimit } from '../common/hourly-request-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';

/**
 * Counts every chat request (a message, an "End chat") against its client's address before its
 * body is read or checked, CHAT_MESSAGES_PER_ADDRESS_PER_HOUR across every API process: the chat
 * spends the team's Vapi minutes, so a script cannot run it as a free assistant.
 */
@Injectable()
export class ChatAddressLimitGuard implements CanActivate {
  private readonly perAddress: HourlyRequestLimit;

  constructor(database: Database, @Inject(APP_CONFIG) config: AppConfig) {
    this.perAddress = new HourlyRequestLimit(database, 'chat-address', config.CHAT_MESSAGES_PER_ADDRESS_PER_HOUR, 'Too many chat messages from this address');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.perAddress.admit(context.switchToHttp().getRequest<Request>().ip ?? 'unknown');
    return true;
  }
}
