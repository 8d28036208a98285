import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccessRevocations } from './access-revocations.service';
import { EventsController } from './events.controller';
import { LiveEventsService } from './live-events.service';
import { LiveStreamSessions } from './live-stream-sessions';

@Global()
@Module({
  imports: [AuthModule],
  controllers: [EventsController],
  providers: [LiveEventsService, AccessRevocations, LiveStreamSessions],
  exports: [LiveEventsService, AccessRevocations],
})
export class EventsModule {}
