import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AccessLogEntry } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { Roles } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { setNextPageLink } from '../../common/next-page-link';
import { AccessLogQuery } from '../inputs/access-log.query';
import { AccessLogEntryOutput } from '../outputs/access-log-entry.output';
import { AccessLog } from './access-log.service';

@ApiTags('privacy')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('audit')
export class AccessLogController {
  constructor(private readonly accessLog: AccessLog) {}

  @Get()
  @Roles('admin')
  @ApiOkResponse({ type: [AccessLogEntryOutput], description: 'The access log, newest first, filtered by actor, action and lead. Header: Link rel="next" when there is a next page.' })
  async list(@Query() query: AccessLogQuery, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AccessLogEntry[]> {
    const page = await this.accessLog.page({ actorId: query.actor, action: query.action, leadId: query.lead }, query.limit, query.cursor);
    setNextPageLink(request, response, page.nextCursor);
    return page.entries;
  }
}
