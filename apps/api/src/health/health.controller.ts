import { Controller, Get, HttpCode, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Health, HealthFailure } from '@lead-desk/contracts';
import { Public } from '../auth/auth.decorators';
import { errorBodyOf } from '../common/error-body';
import { Database } from '../database/database';
import { HealthFailureOutput, HealthOutput } from './health.output';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(private readonly database: Database) {}

  @Get()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: HealthOutput })
  @ApiServiceUnavailableResponse({ type: HealthFailureOutput })
  async check(): Promise<Health> {
    try {
      await this.database.client.$queryRaw`SELECT 1`;
    } catch (error) {
      this.logger.warn({ err: error }, 'Health check: database unreachable');
      const unreachable = new ServiceUnavailableException('The database cannot be reached.');
      const failure: HealthFailure = { ...errorBodyOf(unreachable), status: 'error', database: this.database.dialect.name };
      throw new ServiceUnavailableException(failure);
    }
    return { status: 'ok', database: this.database.dialect.name };
  }
}
