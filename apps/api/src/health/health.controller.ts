import { Controller, Get, HttpCode, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Health, HealthFailure, Readiness, ReadinessFailure } from '@lead-desk/contracts';
import { Public } from '../auth/auth.decorators';
import { errorBodyOf } from '../common/error-body';
import { Database } from '../database/database';
import { HealthFailureOutput, HealthOutput, ReadinessFailureOutput, ReadinessOutput } from './health.output';
import { ShutdownState } from './shutdown-state';

const DATABASE_UNREACHABLE = 'The database cannot be reached.';

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
    if (!(await this.databaseAnswers('Health check'))) {
      const unreachable = new ServiceUnavailableException(DATABASE_UNREACHABLE);
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
    if (!(await this.databaseAnswers('Readiness check'))) throw this.notReady('database-unreachable', DATABASE_UNREACHABLE);
    return { status: 'ready', database: this.database.dialect.name };
  }

  /** Whether the database answers a query now; a failure is logged (as `check`'s) and answered by the caller. */
  private async databaseAnswers(check: string): Promise<boolean> {
    try {
      await this.database.client.$queryRaw`SELECT 1`;
      return true;
    } catch (error) {
      this.logger.warn({ err: error }, `${check}: database unreachable`);
      return false;
    }
  }

  private notReady(status: ReadinessFailure['status'], message: string): ServiceUnavailableException {
    const failure: ReadinessFailure = { ...errorBodyOf(new ServiceUnavailableException(message)), status, database: this.database.dialect.name };
    return new ServiceUnavailableException(failure);
  }
}
