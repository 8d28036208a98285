import { Controller, Get, HttpCode, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { PrismaService } from '../database/prisma.service';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(private readonly prisma: PrismaService) {}

  @Get()
  @HttpCode(HttpStatus.OK)
  async check(): Promise<{ status: 'ok'; database: string }> {
    try {
      await this.prisma.client.$queryRaw`SELECT 1`;
    } catch (error) {
      this.logger.warn({ err: error }, 'Health check: database unreachable');
      throw new ServiceUnavailableException({
        statusCode: 503,
        error: 'Service Unavailable',
        status: 'error',
        database: this.prisma.provider,
        message: 'The database cannot be reached.',
      });
    }
    return { status: 'ok', database: this.prisma.provider };
  }
}
