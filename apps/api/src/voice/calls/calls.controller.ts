import { Body, Controller, Get, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { toCallOutput } from './call.output';
import { CallsRepository } from './calls.repository';
import { OutboundCallInput } from './outbound-call.input';
import { OutboundCallsService } from './outbound-calls.service';

@ApiTags('calls')
@Controller('calls')
export class CallsController {
  constructor(
    private readonly outbound: OutboundCallsService,
    private readonly calls: CallsRepository,
  ) {}

  /** Has the agent phone a lead (`{ leadId }`) or a number (`{ phone, name }`). */
  @Post()
  place(@Body() body: OutboundCallInput) {
    return this.outbound.place(body.leadId ? { leadId: body.leadId } : { phone: body.phone!, name: body.name });
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    const call = await this.calls.findById(id);
    if (!call) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No call with id ${id}.` });
    return toCallOutput(call);
  }
}
