import { Body, Controller, Headers, Param, Put, Res } from '@nestjs/common';
import { ApiDefaultResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Lead } from '@lead-desk/contracts';
import type { Response } from 'express';
import { ActorId } from '../activity/actor-id.decorator';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { LeadTagsInput } from '../tags/inputs/lead-tags.input';
import type { LeadAccess } from './access/lead-access';
import { ViewerAccess } from './access/viewer-access.decorator';
import { LeadEditsService } from './lead-edits.service';
import { versionFromIfMatch, versionTag } from './lead-version-tag';
import { LeadOutput } from './outputs/lead.output';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/tags')
export class LeadTagsController {
  constructor(private readonly edits: LeadEditsService) {}

  /** Replaces the lead's tags; with If-Match, only while it is still at that version (412 otherwise). */
  @Put()
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag the change was made against; a lead changed since answers 412.' })
  @ApiOkResponse({ type: LeadOutput, description: 'The lead with its tags. Header: ETag.' })
  async replace(
    @Param() params: IdParams,
    @Body() body: LeadTagsInput,
    @Headers('if-match') ifMatch: string | undefined,
    @ActorId() actorId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Lead> {
    const lead = await this.edits.setTags(params.id, body.tags, versionFromIfMatch(ifMatch), actorId, access);
    response.setHeader('ETag', versionTag(lead.version));
    return lead;
  }
}
