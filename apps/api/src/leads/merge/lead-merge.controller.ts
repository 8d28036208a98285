import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MergeOutcome, MergePreview, MergeUndone } from '@lead-desk/contracts';
import { ActorId } from '../../activity/actor-id.decorator';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { IdParams } from '../../common/id.params';
import type { LeadAccess } from '../access/lead-access';
import { ViewerAccess } from '../access/viewer-access.decorator';
import { MergePreviewQuery, MergeRequestInput } from './inputs/merge-request.input';
import { LeadMergeService } from './lead-merge.service';
import { MergeOutcomeOutput, MergePreviewOutput, MergeUndoneOutput } from './outputs/lead-merge.output';

/** Registered before LeadsController: its `GET /api/leads/:id` would take "merge-preview" for an id. */
@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads')
export class LeadMergeController {
  constructor(private readonly merges: LeadMergeService) {}

  @Get('merge-preview')
  @ApiOkResponse({ type: MergePreviewOutput, description: 'Both leads, every field side by side with what the merge proposes, and what the merged lead brings.' })
  preview(@Query() query: MergePreviewQuery, @ViewerAccess() access: LeadAccess): Promise<MergePreview> {
    return this.merges.preview(query.keepId, query.mergeId, access);
  }

  @Post('merge')
  @HttpCode(200)
  @ApiBody({ type: MergeRequestInput })
  @ApiOkResponse({ type: MergeOutcomeOutput, description: 'The merge and the kept lead as it is now; 412 when either lead changed since the preview.' })
  merge(@Body() request: MergeRequestInput, @ActorId() actorId: string | null, @ViewerAccess() access: LeadAccess): Promise<MergeOutcome> {
    return this.merges.merge(request, actorId, access);
  }

  @Post('merges/:id/undo')
  @HttpCode(200)
  @ApiOkResponse({ type: MergeUndoneOutput, description: 'Both leads as they were before the merge; 409 when the kept lead changed since or the merge was undone, 410 past its days.' })
  undo(@Param() params: IdParams, @ActorId() actorId: string | null, @ViewerAccess() access: LeadAccess): Promise<MergeUndone> {
    return this.merges.undo(params.id, actorId, access);
  }
}
