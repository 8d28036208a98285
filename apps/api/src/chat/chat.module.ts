import { Module } from '@nestjs/common';
import { ComplianceModule } from '../compliance/compliance.module';
import { InboxModule } from '../inbox/inbox.module';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { VapiServerApiModule } from '../voice/vapi-server-api.module';
import { ChatAddressLimitGuard } from './chat-address-limit.guard';
import { ChatEndings } from './chat-endings';
import { ChatRelay } from './chat-relay.service';
import { ChatResults } from './chat-results';
import { ChatSchedule } from './chat-schedule';
import { ChatSessionsRepository } from './chat-sessions.repository';
import { ChatController } from './chat.controller';
import { VapiChats } from './vapi-chats';

/** The page's "Chat with AI": messages relayed to Vapi's chat through the API, and each finished chat made a lead. */
@Module({
  imports: [LeadIntakeModule, ComplianceModule, InboxModule, VapiServerApiModule],
  controllers: [ChatController],
  providers: [ChatRelay, ChatEndings, ChatResults, ChatSchedule, ChatSessionsRepository, ChatAddressLimitGuard, VapiChats],
  exports: [ChatResults, ChatSessionsRepository],
})
export class ChatModule {}
