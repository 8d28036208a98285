import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LeadActivity } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { setNextPageLink } from '../common/next-page-link';
import type { LeadAccess } from '../leads/access/lead-access';
import { ViewerAccess } from '../leads/access/viewer-access.decorator';
import { ActivityQuery } from './inputs/activity.query';
import { LeadActivityService } from './lead-activity.service';
import { LeadActivityOutput } from './outputs/lead-activity.output';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/activity')
export class LeadActivityController {
  constructor(private readonly activity: LeadActivityService) {}

  @Get()
  @ApiOkResponse({ type: [LeadActivityOutput], description: 'The lead’s timeline, newest first. Header: Link rel="next" when there is a next page.' })
  async list(
    @Param() params: IdParams,
    @Query() query: ActivityQuery,
    @ViewerAccess() access: LeadAccess,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LeadActivity[]> {
    const page = await this.activity.page(params.id, access, query.limit, query.cursor);
    setNextPageLink(request, response, page.nextCursor);
    return page.items;
  }
}
