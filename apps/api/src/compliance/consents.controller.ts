import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { LeadConsent } from '@lead-desk/contracts';
import type { Request } from 'express';
import { ErrorBodyOutput } from '../common/error-body.output';
import { IdParams } from '../common/id.params';
import { ConsentsService } from './consents.service';
import { ConsentParams, ConsentWithdrawalInput, NewConsentInput } from './inputs/consent.input';
import { LeadConsentOutput } from './outputs/lead-consent.output';

@ApiTags('leads')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('leads/:id/consents')
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get()
  @ApiOkResponse({ type: [LeadConsentOutput], description: 'The lead’s consents, withdrawn ones too, newest first.' })
  list(@Param() params: IdParams, @Req() request: Request): Promise<LeadConsent[]> {
    return this.consents.list(params.id, request.staff);
  }

  @Post()
  @ApiCreatedResponse({ type: LeadConsentOutput, description: 'A consent the person gave a member of staff (the evidence names them).' })
  add(@Param() params: IdParams, @Body() body: NewConsentInput, @Req() request: Request): Promise<LeadConsent> {
    return this.consents.recordByStaff(params.id, body as NewConsentInput & { purpose: string }, request.staff);
  }

  @Post(':consentId/withdraw')
  @HttpCode(200)
  @ApiOkResponse({ type: LeadConsentOutput, description: 'The consent, withdrawn (kept, with when and by which channel); 409 if it already was.' })
  withdraw(@Param() params: ConsentParams, @Body() body: ConsentWithdrawalInput, @Req() request: Request): Promise<LeadConsent> {
    return this.consents.withdraw(params.id, params.consentId, body, request.staff);
  }
}
