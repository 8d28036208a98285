import { Module } from '@nestjs/common';
import { LeadIntakeModule } from '../leads/intake/lead-intake.module';
import { PropertiesModule } from '../properties/properties.module';
import { CallbackAddressLimitGuard } from './callback-address-limit.guard';
import { CallbackRequestLimits } from './callback-request-limits';
import { CallbackRequestsController } from './callback-requests.controller';
import { CallbackRequestsService } from './callback-requests.service';
import { CallbackRequestPipe } from './inputs/callback-request.pipe';

/** POST /api/callback-requests: the customer page's "Request a callback" form. */
@Module({
  imports: [LeadIntakeModule, PropertiesModule],
  controllers: [CallbackRequestsController],
  providers: [CallbackRequestsService, CallbackRequestLimits, CallbackAddressLimitGuard, CallbackRequestPipe],
})
export class CallbackRequestsModule {}
