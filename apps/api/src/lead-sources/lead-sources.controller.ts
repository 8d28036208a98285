import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CreatedLeadSourceKey, InboundLeadReceipt, LeadSource, LeadSourceKey } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { LeadSourceChangesInput, LeadSourceKeyParams, LeadSourceListQuery, NewLeadSourceInput, NewLeadSourceKeyInput } from './inputs/lead-source.inputs';
import { LeadSourcesService } from './lead-sources.service';
import { CreatedLeadSourceKeyOutput, InboundLeadReceiptOutput, LeadSourceKeyOutput, LeadSourceOutput } from './outputs/lead-source.outputs';

@ApiTags('lead sources')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('lead-sources')
export class LeadSourcesController {
  constructor(private readonly sources: LeadSourcesService) {}

  @Get()
  @ApiOkResponse({ type: [LeadSourceOutput], description: 'Every source, built-in ones first, with its leads today and this week (APP_TIME_ZONE), its last lead and its last error.' })
  list(@Query() query: LeadSourceListQuery): Promise<LeadSource[]> {
    return this.sources.list((query as unknown as { archived: boolean }).archived);
  }

  @Post()
  @ApiCreatedResponse({ type: LeadSourceOutput, description: 'A source of kind api, fed through POST /api/inbound/leads with its keys.' })
  create(@Body() body: NewLeadSourceInput, @Req() request: Request): Promise<LeadSource> {
    return this.sources.create(body, request.staff?.id ?? null);
  }

  @Patch(':id')
  @ApiOkResponse({ type: LeadSourceOutput, description: 'Its name (not a built-in one’s), default owner (null: round-robin) or "the agent calls new leads" (null: AUTO_CALLBACK).' })
  update(@Param() params: IdParams, @Body() body: LeadSourceChangesInput, @Req() request: Request): Promise<LeadSource> {
    return this.sources.update(params.id, body, request.staff?.id ?? null);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed: its keys stop working, its leads keep its name. A built-in source cannot be removed (409).' })
  archive(@Param() params: IdParams, @Req() request: Request): Promise<void> {
    return this.sources.archive(params.id, request.staff?.id ?? null);
  }

  @Get(':id/keys')
  @ApiOkResponse({ type: [LeadSourceKeyOutput], description: 'Its keys, newest first, by prefix: never a key itself.' })
  listKeys(@Param() params: IdParams): Promise<LeadSourceKey[]> {
    return this.sources.listKeys(params.id);
  }

  @Post(':id/keys')
  @ApiCreatedResponse({ type: CreatedLeadSourceKeyOutput, description: 'A new key, answered this once (`key`); only its SHA-256 is stored.' })
  createKey(@Param() params: IdParams, @Body() body: NewLeadSourceKeyInput, @Req() request: Request): Promise<CreatedLeadSourceKey> {
    return this.sources.createKey(params.id, body.label, request.staff?.id ?? null);
  }

  @Delete(':id/keys/:keyId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: the key is refused (401) from now on.' })
  revokeKey(@Param() params: LeadSourceKeyParams, @Req() request: Request): Promise<void> {
    return this.sources.revokeKey(params.id, params.keyId, request.staff?.id ?? null);
  }

  @Post(':id/test-lead')
  @ApiCreatedResponse({ type: InboundLeadReceiptOutput, description: 'A test lead through the inbound API’s own path, marked test: stored, never called.' })
  sendTestLead(@Param() params: IdParams): Promise<InboundLeadReceipt> {
    return this.sources.sendTestLead(params.id);
  }
}
