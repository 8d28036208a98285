import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiDefaultResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Erasure } from '@lead-desk/contracts';
import { ActorId } from '../activity/actor-id.decorator';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessArchiveService } from './access-archive.service';
import { ErasureService } from './erasure.service';
import { AccessRequestInput, ErasureRequestInput } from './inputs/privacy-request.input';
import { ErasureOutput } from './outputs/erasure.output';
import { personKeyOf } from './person-key';

@ApiTags('privacy')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('privacy')
@Roles('admin')
export class PrivacyController {
  constructor(
    private readonly archives: AccessArchiveService,
    private readonly erasures: ErasureService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('access')
  @HttpCode(200)
  @Header('Content-Type', 'application/zip')
  @Header('Content-Disposition', 'attachment; filename="personal-data.zip"')
  @ApiBody({ type: AccessRequestInput })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'personal-data.zip: person.json and leads.csv, calls.csv, whatsapp-messages.csv, notes.csv, tasks.csv, activity.csv. 404 when nobody has that phone or email.' })
  async access(@Body() body: AccessRequestInput, @ActorId() actorId: string | null): Promise<StreamableFile> {
    return new StreamableFile(await this.archives.archive(personKeyOf(body, this.config.DEFAULT_PHONE_REGION), actorId));
  }

  @Post('erasure')
  @HttpCode(200)
  @ApiBody({ type: ErasureRequestInput })
  @ApiOkResponse({ type: ErasureOutput, description: 'The erasure record; Vapi deletions are retried until confirmed (GET /api/privacy/erasures/:id). 404 when nobody has that phone or email.' })
  erase(@Body() body: ErasureRequestInput, @ActorId() actorId: string | null): Promise<Erasure> {
    return this.erasures.erase(personKeyOf(body, this.config.DEFAULT_PHONE_REGION), body.requestedBy, actorId);
  }

  @Get('erasures/:id')
  @ApiOkResponse({ type: ErasureOutput })
  erasure(@Param() params: IdParams): Promise<Erasure> {
    return this.erasures.get(params.id);
  }
}
