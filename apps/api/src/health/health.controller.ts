import { Controller, Get, HttpCode, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Health, HealthFailure, Readiness, ReadinessFailure } from '@lead-desk/contracts';
import { Public } from '../auth/auth.decorators';
import { errorBodyOf } from '../common/error-body';
import { Database } from '../database/database';
import { HealthFailureOutput, HealthOutput, ReadinessFailureOutput, ReadinessOutput } from './health.output';
import { ShutdownState } from './shutdown-state';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(
    private readonly database: Database,
    private readonly shutdown: ShutdownState,
  ) {}

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

  /** Readiness, for a load balancer: whether to send this instance requests. Liveness stays GET /api/health. */
  @Get('ready')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Whether this instance takes traffic: 503 from the moment it is told to stop, or while its database does not answer. While it migrates its database it does not listen yet.' })
  @ApiOkResponse({ type: ReadinessOutput })
  @ApiServiceUnavailableResponse({ type: ReadinessFailureOutput })
  async ready(): Promise<Readiness> {
    if (this.shutdown.shuttingDown) throw this.notReady('shutting-down', 'This instance is shutting down: send requests to another.');
    try {
      await this.database.client.$queryRaw`SELECT 1`;
    } catch (error) {
      this.logger.warn({ err: error }, 'Readiness check: database unreachable');
      throw this.notReady('database-unreachable', 'The database cannot be reached.');
    }
    return { status: 'ready', database: this.database.dialect.name };
  }

  private notReady(status: ReadinessFailure['status'], message: string): ServiceUnavailableException {
    const failure: ReadinessFailure = { ...errorBodyOf(new ServiceUnavailableException(message)), status, database: this.database.dialect.name };
    return new ServiceUnavailableException(failure);
  }
}
