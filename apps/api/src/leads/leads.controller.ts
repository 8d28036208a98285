import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Roles } from '../auth/auth.decorators';
import { InvalidFieldsException } from '../common/field-errors';
import { LeadFilterQuery, ListLeadsQuery } from './inputs/list-leads.query';
import { DailyStatsQuery, StatsQuery } from './inputs/stats.query';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@Controller('leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Get()
  @ApiOkResponse({ description: 'Leads, newest first. Headers: X-Total-Count, and Link rel="next" when there is a next page.' })
  async list(@Query() query: ListLeadsQuery, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = await this.leads.list({ status: query.status, q: query.q }, query.limit, query.cursor);
    response.setHeader('X-Total-Count', String(page.total));
    if (page.nextCursor) {
      const next = new URL(request.originalUrl, 'http://placeholder');
      next.searchParams.set('cursor', page.nextCursor);
      response.setHeader('Link', `<${next.pathname}${next.search}>; rel="next"`);
    }
    return page.leads;
  }

  @Get('stats')
  stats(@Query() query: StatsQuery) {
    return this.leads.stats(query.tz);
  }

  @Get('stats/daily')
  @ApiOkResponse({ description: 'Qualified and unqualified leads per calendar day in tz, oldest first, today last.' })
  dailyStats(@Query() query: DailyStatsQuery) {
    return this.leads.dailyCounts(query.days, query.tz);
  }

  @Get('export.csv')
  @Roles('admin')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="leads.csv"')
  async export(@Query() query: LeadFilterQuery): Promise<StreamableFile> {
    return new StreamableFile(await this.leads.exportCsv(query));
  }

  @Post('import')
  @Roles('admin')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'text/csv')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('file'))
  async import(@UploadedFile() file: Express.Multer.File | undefined, @Req() request: Request) {
    const content = file?.buffer ?? (typeof request.body === 'string' ? request.body : undefined);
    if (content === undefined) {
      throw new InvalidFieldsException([
        { field: 'file', message: 'send a CSV file as the multipart field "file" or as a text/csv body' },
      ]);
    }
    return this.leads.importCsv(content);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.leads.get(id);
  }

  @Post()
  create(@Body() body: unknown) {
    return this.leads.create(body);
  }
}
