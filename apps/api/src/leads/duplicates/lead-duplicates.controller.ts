import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DuplicatePair, LeadMatch } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { ActorId } from '../../activity/actor-id.decorator';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { IdParams } from '../../common/id.params';
import { setNextPageLink } from '../../common/next-page-link';
import type { LeadAccess } from '../access/lead-access';
import { ViewerAccess } from '../access/viewer-access.decorator';
import { DuplicatesQuery, LeadMatchesQuery } from './inputs/duplicates.query';
import { LeadDuplicatesService } from './lead-duplicates.service';
import { DuplicatePairOutput, LeadMatchOutput } from './outputs/duplicate-pair.output';

/** Registered before LeadsController: its `GET /api/leads/:id` would take "duplicates" and "matches" for ids. */
@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads')
export class LeadDuplicatesController {
  constructor(private readonly duplicates: LeadDuplicatesService) {}

  @Get('duplicates')
  @ApiOkResponse({ type: [DuplicatePairOutput], description: 'Possible duplicates not dismissed, newest first. Header: Link rel="next" when there is a next page.' })
  async list(
    @Query() query: DuplicatesQuery,
    @ViewerAccess() access: LeadAccess,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DuplicatePair[]> {
    const page = await this.duplicates.page(access, query.limit, query.cursor, query.leadId);
    setNextPageLink(request, response, page.nextCursor);
    return page.items;
  }

  @Post('duplicates/:id/dismiss')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The two leads are not one person: the pair leaves the list and is never raised again.' })
  dismiss(@Param() params: IdParams, @ViewerAccess() access: LeadAccess, @ActorId() actorId: string | null): Promise<void> {
    return this.duplicates.dismiss(params.id, access, actorId);
  }

  @Get('matches')
  @ApiOkResponse({ type: [LeadMatchOutput], description: 'Stored leads with this phone or email (a form warns before saving).' })
  matches(@Query() query: LeadMatchesQuery, @ViewerAccess() access: LeadAccess): Promise<LeadMatch[]> {
    return this.duplicates.matches(query, access);
  }
}
