import { Module } from '@nestjs/common';
import { ChannelDeliveriesRepository } from './channel-deliveries.repository';

/** The webhook inbox's deliveries of the lead channels that are retried until their lead is made. */
@Module({ providers: [ChannelDeliveriesRepository], exports: [ChannelDeliveriesRepository] })
export class InboxModule {}
