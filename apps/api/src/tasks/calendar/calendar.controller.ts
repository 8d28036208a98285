import { Controller, Get, Query } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Calendar } from '@lead-desk/contracts';
import { ActorId } from '../../activity/actor-id.decorator';
import { ErrorBodyOutput } from '../../common/error-body.output';
import type { LeadAccess } from '../../leads/access/lead-access';
import { ViewerAccess } from '../../leads/access/viewer-access.decorator';
import { CalendarQueryInput } from '../inputs/calendar.query';
import { CalendarOutput } from '../outputs/calendar.output';
import { CalendarService } from './calendar.service';

@ApiTags('tasks')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  @ApiOkResponse({ type: CalendarOutput, description: 'The tasks due on the days from `from` to `to` (both included, in tz) that you may see, not cancelled, grouped per assignee.' })
  read(@Query() query: CalendarQueryInput, @ViewerAccess() access: LeadAccess, @ActorId() viewerId: string | null): Promise<Calendar> {
    return this.calendar.read(query, access, viewerId);
  }
}
