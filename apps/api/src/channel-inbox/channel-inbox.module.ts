import { Module } from '@nestjs/common';
import { ChannelDeliveriesRepository } from './channel-deliveries.repository';
import { DeliveryAttempts } from './delivery-attempts';

/** The webhook inbox as the channels that name their deliveries use it: stored once, each try claimed, retried with backoff. */
@Module({ providers: [ChannelDeliveriesRepository, DeliveryAttempts], exports: [ChannelDeliveriesRepository, DeliveryAttempts] })
export class ChannelInboxModule {}
