import { Global, Module } from '@nestjs/common';
import { AccessLogController } from './access-log.controller';
import { AccessLogRepository } from './access-log.repository';
import { AccessLog } from './access-log.service';

/** The access log (GET /api/audit): every module that reads or exports personal data writes to it through AccessLog. */
@Global()
@Module({
  controllers: [AccessLogController],
  providers: [AccessLogRepository, AccessLog],
  exports: [AccessLog],
})
export class AccessLogModule {}
