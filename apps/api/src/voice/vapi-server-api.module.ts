import { Module } from '@nestjs/common';
import { VapiServerApi } from './vapi-server-api';

@Module({ providers: [VapiServerApi], exports: [VapiServerApi] })
export class VapiServerApiModule {}
