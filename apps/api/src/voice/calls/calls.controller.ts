import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Body, Controller, Get, Headers, Logger, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { callRefusalsPageSchema, callRefusalsQuerySchema, type CallRecord, type CallRefusalsPage, type PlacedCall } from '@lead-desk/contracts';
import { createZodDto } from 'nestjs-zod';
import { ActorId } from '../../activity/actor-id.decorator';
import { Roles } from '../../auth/auth.decorators';
import { CallRefusalsRepository } from '../../compliance/call-refusals.repository';
import { decodeLeadCursor, encodeLeadCursor } from '../../leads/lead-cursor';
import type { Response } from 'express';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { AccessLog } from '../../privacy/access-log/access-log.service';
import { canSeeLead, type LeadAccess } from '../../leads/access/lead-access';
import { ViewerAccess } from '../../leads/access/viewer-access.decorator';
import { LeadsRepository } from '../../leads/leads.repository';
import { IdParams } from '../../common/id.params';
import { CallRecordingService } from './call-recording.service';
import { CallOutput, toCallOutput } from './call.output';
import { CallsRepository } from './calls.repository';
import { OutboundCallInput } from './outbound-call.input';
import { OutboundCallsService } from './outbound-calls.service';
import { PlacedCallOutput } from './placed-call.output';

class CallRefusalsQueryInput extends createZodDto(callRefusalsQuerySchema) {}
class CallRefusalsPageOutput extends createZodDto(callRefusalsPageSchema) {}

@ApiTags('calls')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('calls')
export class CallsController {
  private readonly logger = new Logger(CallsController.name);

  constructor(
    private readonly outbound: OutboundCallsService,
    private readonly calls: CallsRepository,
    private readonly recordings: CallRecordingService,
    private readonly leads: LeadsRepository,
    private readonly refusalLog: CallRefusalsRepository,
    private readonly accessLog: AccessLog,
  ) {}

  /** Has the agent phone a lead (`{ leadId }`) or a number (`{ phone, name }`). */
  @Post()
  @ApiCreatedResponse({ type: PlacedCallOutput })
  place(@Body() body: OutboundCallInput, @ViewerAccess() access: LeadAccess, @ActorId() actorId: string | null): Promise<PlacedCall> {
    return this.outbound.place(body.leadId ? { leadId: body.leadId } : { phone: body.phone!, name: body.name }, access, actorId);
  }

  /** Admins: the calls the calling rules refused (who, which lead, why, when), newest first. */
  @Get('refusals')
  @Roles('admin')
  @ApiOkResponse({ type: CallRefusalsPageOutput })
  async refusals(@Query() query: CallRefusalsQueryInput): Promise<CallRefusalsPage> {
    const refusals = await this.refusalLog.findPage(query.limit + 1, query.cursor ? decodeLeadCursor(query.cursor) : undefined);
    const page = refusals.slice(0, query.limit);
    const last = page.at(-1);
    return {
      refusals: page,
      nextCursor: refusals.length > query.limit && last ? encodeLeadCursor({ createdAt: new Date(last.at), id: last.id }) : null,
    };
  }

  @Get(':id')
  @ApiOkResponse({ type: CallOutput })
  async get(@Param() params: IdParams, @ViewerAccess() access: LeadAccess): Promise<CallRecord> {
    return toCallOutput(await this.find(params.id, access));
  }

  /** The call's recording, streamed from the voice platform (Range → 206, so the player can seek). */
  @Get(':id/recording')
  @ApiProduces('audio/*')
  @ApiOkResponse({ description: 'The recording (206 with Content-Range for a Range request).' })
  async recording(
    @Param() params: IdParams,
    @ViewerAccess() access: LeadAccess,
    @ActorId() actorId: string | null,
    @Headers('range') range: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const call = await this.find(params.id, access);
    const recording = await this.recordings.open(call, range);
    // A player seeks with further Range requests: a playing is logged once, at its start.
    if (!range || /^bytes=0-/.test(range)) {
      await this.accessLog.record({ actorId, action: 'recording_played', leadId: call.leadId, targetIds: [call.id] }).catch((error: unknown) => {
        recording.abort();
        throw error;
      });
    }
    response.status(recording.status).set(recording.headers);
    response.once('close', () => recording.abort());
    await pipeline(Readable.fromWeb(recording.body as WebReadableStream<Uint8Array>), response).catch((error: unknown) => {
      // A browser that stops listening (a seek, a closed dialog) ends the stream early: that is no fault.
      if (!response.writableFinished && response.destroyed) return;
      this.logger.error({ err: error, callId: params.id }, 'Streaming a recording failed');
    });
  }

  /** A call about a lead out of the viewer's sight is answered as missing, as the lead is. */
  private async find(id: string, access: LeadAccess) {
    const call = await this.calls.findById(id);
    const lead = call?.leadId && access.kind !== 'all' ? await this.leads.findById(call.leadId) : null;
    if (!call || !canSeeLead(access, lead?.ownerId ?? null)) throw new NotFoundException(`No call with id ${id}.`);
    return call;
  }
}
