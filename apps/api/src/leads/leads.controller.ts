import { Body, Controller, Get, Header, Headers, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiQuery, ApiCreatedResponse, ApiDefaultResponse, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { DEDUPE_RULES, type BoardColumn, type DailyLeadCount, type ImportPreview, type ImportSummary, type Lead, type LeadFilter, type LeadStats, type LeadWithCalls, type SourceCount } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { ActorId } from '../activity/actor-id.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { CsvUploadBody } from '../common/request-body/request-body.decorators';
import { IdParams } from '../common/id.params';
import { setNextPageLink } from '../common/next-page-link';
import { CreateLeadInput } from './inputs/lead-input';
import { LeadInputPipe, type CreateLeadRequestBody } from './inputs/lead-input.pipe';
import { LeadFilterQuery, ListLeadsQuery } from './inputs/list-leads.query';
import { DailyStatsQuery, StatsQuery } from './inputs/stats.query';
import { LeadSourcesQuery } from './inputs/lead-sources.query';
import { LeadChangesPipe } from './inputs/lead-changes.pipe';
import { UpdateLeadInput, type ValidLeadChanges } from './inputs/lead-changes';
import { LeadEditsService } from './lead-edits.service';
import { versionFromIfMatch, versionTag } from './lead-version-tag';
import { resolveLeadFilter, type ResolvedLeadFilter } from './lead-list-filter';
import { LeadsService } from './leads.service';
import { LeadImportService } from './import/lead-import.service';
import type { LeadAccess } from './access/lead-access';
import { ViewerAccess } from './access/viewer-access.decorator';
import { IMPORT_BODY, importOptions, ON_MATCH_QUERY, uploadedContent } from './import/import-upload';
import { BoardColumnOutput } from './outputs/board-column.output';
import { DailyLeadCountOutput } from './outputs/daily-lead-count.output';
import { ImportPreviewOutput } from './outputs/import-preview.output';
import { ImportSummaryOutput } from './outputs/import-summary.output';
import { LeadOutput } from './outputs/lead.output';
import { LeadStatsOutput } from './outputs/lead-stats.output';
import { LeadWithCallsOutput } from './outputs/lead-with-calls.output';
import { SourceCountOutput } from './outputs/source-count.output';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly edits: LeadEditsService,
    private readonly imports: LeadImportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The filter as the queries take it: `owner=me` and the creation days read for this request. */
  private resolve(filter: LeadFilter, staffId: string | null): ResolvedLeadFilter {
    return resolveLeadFilter(filter, staffId, this.config.APP_TIME_ZONE);
  }

  @Get()
  @ApiOkResponse({ type: [LeadOutput], description: 'Leads, newest first. Headers: X-Total-Count, and Link rel="next" when there is a next page.' })
  async list(
    @Query() query: ListLeadsQuery,
    @ActorId() staffId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Lead[]> {
    const { limit, cursor, ...filter } = query;
    const page = await this.leads.list(this.resolve(filter, staffId), access, limit, cursor);
    response.setHeader('X-Total-Count', String(page.total));
    setNextPageLink(request, response, page.nextCursor);
    return page.leads;
  }

  @Get('stats')
  @ApiOkResponse({ type: LeadStatsOutput })
  stats(@Query() query: StatsQuery, @ViewerAccess() access: LeadAccess): Promise<LeadStats> {
    return this.leads.stats(access, query.tz);
  }

  @Get('stats/daily')
  @ApiOkResponse({ type: [DailyLeadCountOutput], description: 'Qualified and unqualified leads per calendar day in tz, oldest first, today last.' })
  dailyStats(@Query() query: DailyStatsQuery, @ViewerAccess() access: LeadAccess): Promise<DailyLeadCount[]> {
    return this.leads.dailyCounts(query.days, access, query.tz);
  }

  @Get('sources')
  @ApiOkResponse({
    type: [SourceCountOutput],
    description:
      'Each source of the leads you may see with how many carry it, spellings that differ only in case counted as one (named by the most used), most used first; archived leads only with archived=true (then only them), as the list.',
  })
  sources(@Query() query: LeadSourcesQuery, @ViewerAccess() access: LeadAccess): Promise<SourceCount[]> {
    return this.leads.sourceCounts(access, query.archived);
  }

  @Get('export.csv')
  @Roles('admin')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="leads.csv"')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'leads.csv (UTF-8 with a byte-order mark): the filtered leads, newest first; the twelve fields of the seed, then stage, owner, tags, lostReason, consent, doNotCall, lastActivityAt.' })
  async export(@Query() query: LeadFilterQuery, @ActorId() staffId: string | null, @ViewerAccess() access: LeadAccess): Promise<StreamableFile> {
    return new StreamableFile(await this.leads.exportCsv(this.resolve(query, staffId), access, staffId));
  }

  @Get('board')
  @ApiOkResponse({ type: [BoardColumnOutput], description: 'Every stage on the board, in order, with how many leads of the filter it holds; a column pages with GET /api/leads?stage=<id>.' })
  board(@Query() query: LeadFilterQuery, @ActorId() staffId: string | null, @ViewerAccess() access: LeadAccess): Promise<BoardColumn[]> {
    return this.leads.board(this.resolve(query, staffId), access);
  }

  /**
   * A CSV or .xlsx file, read row by row: its rows are validated there, each against the
   * lead's contract. `dryRun=true` writes nothing; `dedupe`, `onMatch` and `mapping` as ImportOptions.
   */
  @Post('import')
  @Roles('admin')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'text/csv')
  @ApiQuery({ name: 'dryRun', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'dedupe', required: false, enum: DEDUPE_RULES })
  @ApiQuery(ON_MATCH_QUERY)
  @ApiQuery({ name: 'mapping', required: false, description: 'JSON: { "<header>": "<lead field>" | "ignore" } (or the multipart field "mapping")' })
  @ApiBody({ schema: IMPORT_BODY })
  @ApiOkResponse({ type: ImportSummaryOutput })
  @CsvUploadBody()
  @UseInterceptors(FileInterceptor('file'))
  import(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @ActorId() actorId: string | null,
  ): Promise<ImportSummary> {
    return this.imports.importFile(uploadedContent(file, request), importOptions(query, request), actorId, file?.originalname);
  }

  /** The file's columns and suggested mapping, its first 20 rows as they will be read, and a dry run of the whole file (with its first rows that match a lead or are flagged as possible duplicates). */
  @Post('import/preview')
  @Roles('admin')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'text/csv')
  @ApiQuery({ name: 'dedupe', required: false, enum: DEDUPE_RULES })
  @ApiQuery(ON_MATCH_QUERY)
  @ApiQuery({ name: 'mapping', required: false, description: 'JSON: { "<header>": "<lead field>" | "ignore" } (or the multipart field "mapping")' })
  @ApiBody({ schema: IMPORT_BODY })
  @ApiOkResponse({ type: ImportPreviewOutput })
  @CsvUploadBody()
  @UseInterceptors(FileInterceptor('file'))
  preview(@UploadedFile() file: Express.Multer.File | undefined, @Query() query: Record<string, unknown>, @Req() request: Request): Promise<ImportPreview> {
    return this.imports.preview(uploadedContent(file, request), importOptions(query, request));
  }

  @Get(':id')
  @ApiOkResponse({ type: LeadWithCallsOutput, description: 'Header: ETag, the lead’s version (PATCH names it in If-Match).' })
  async get(
    @Param() params: IdParams,
    @ViewerAccess() access: LeadAccess,
    @ActorId() actorId: string | null,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LeadWithCalls> {
    const lead = await this.leads.get(params.id, access, actorId);
    response.setHeader('ETag', versionTag(lead.version));
    return lead;
  }

  /** Edits a lead; with If-Match, only while it is still at that version (412 otherwise, nothing changed). */
  @Patch(':id')
  @ApiBody({ type: UpdateLeadInput })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag the change was made against; a lead changed since answers 412.' })
  @ApiOkResponse({ type: LeadOutput, description: 'The lead as changed. Header: ETag.' })
  async update(
    @Param() params: IdParams,
    @Body(LeadChangesPipe) changes: ValidLeadChanges,
    @Headers('if-match') ifMatch: string | undefined,
    @ActorId() actorId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Lead> {
    const lead = await this.edits.update(params.id, changes, versionFromIfMatch(ifMatch), actorId, access);
    response.setHeader('ETag', versionTag(lead.version));
    return lead;
  }

  @Post(':id/archive')
  @HttpCode(200)
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiOkResponse({ type: LeadOutput, description: 'The archived lead: it leaves lists, counts and exports unless archived=true. Header: ETag.' })
  archive(
    @Param() params: IdParams,
    @Headers('if-match') ifMatch: string | undefined,
    @ActorId() actorId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Lead> {
    return this.setArchived(params.id, true, ifMatch, actorId, access, response);
  }

  @Post(':id/unarchive')
  @HttpCode(200)
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiOkResponse({ type: LeadOutput, description: 'The lead, back in lists, counts and exports. Header: ETag.' })
  unarchive(
    @Param() params: IdParams,
    @Headers('if-match') ifMatch: string | undefined,
    @ActorId() actorId: string | null,
    @ViewerAccess() access: LeadAccess,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Lead> {
    return this.setArchived(params.id, false, ifMatch, actorId, access, response);
  }

  private async setArchived(
    id: string,
    archived: boolean,
    ifMatch: string | undefined,
    actorId: string | null,
    access: LeadAccess,
    response: Response,
  ): Promise<Lead> {
    const lead = await this.edits.setArchived(id, archived, versionFromIfMatch(ifMatch), actorId, access);
    response.setHeader('ETag', versionTag(lead.version));
    return lead;
  }

  @Post()
  @ApiBody({ type: CreateLeadInput })
  @ApiCreatedResponse({ type: LeadOutput })
  create(@Body(LeadInputPipe) { lead, allowDuplicate }: CreateLeadRequestBody, @ActorId() actorId: string | null): Promise<Lead> {
    return this.leads.create(lead, actorId, allowDuplicate);
  }
}
