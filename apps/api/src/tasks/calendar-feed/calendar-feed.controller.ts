import { Controller, Delete, Get, Header, HttpCode, Inject, NotFoundException, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { CalendarFeed } from '@lead-desk/contracts';
import type { Request } from 'express';
import { Public, Roles } from '../../auth/auth.decorators';
import type { StaffPrincipal } from '../../auth/staff-session';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { CALENDAR_FEED_LIMIT, RateLimit } from '../../common/rate-limits';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CalendarFeedOutput } from '../outputs/calendar.output';
import { CalendarFeedService } from './calendar-feed.service';

const FEED_PATH = '/api/calendar/feed';

@ApiTags('tasks')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller()
export class CalendarFeedController {
  constructor(
    private readonly feeds: CalendarFeedService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Makes the signed-in member's feed address, or a new one in place of the old (which stops working). */
  @Post('staff/me/calendar-feed')
  @Roles('admin', 'agent')
  @ApiCreatedResponse({ type: CalendarFeedOutput, description: 'The feed’s secret address, shown this once.' })
  async create(@Req() request: Request): Promise<CalendarFeed> {
    const secret = await this.feeds.create(signedIn(request).id);
    return { url: `${this.baseUrl(request)}${FEED_PATH}/${secret}.ics` };
  }

  @Delete('staff/me/calendar-feed')
  @Roles('admin', 'agent')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: the address answers 404 from now on.' })
  revoke(@Req() request: Request): Promise<void> {
    return this.feeds.revoke(signedIn(request).id);
  }

  /** Public: the secret in the address is the credential (a calendar app has no session). */
  @Public()
  @Get('calendar/feed/:file')
  @RateLimit(CALENDAR_FEED_LIMIT)
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'The member’s tasks from 30 days ago on, as iCalendar (RFC 5545) events; 404 for an address that is not (or no longer) a feed.' })
  read(@Param('file') file: string, @Req() request: Request): Promise<string> {
    return this.feeds.read(file, this.baseUrl(request));
  }

  /** Where the app is reached: PUBLIC_URL, or the address this request came to. */
  private baseUrl(request: Request): string {
    return (this.config.PUBLIC_URL ?? `${request.protocol}://${request.get('host')}`).replace(/\/+$/, '');
  }
}

/** Open mode has no member: there is no one to make a feed for. */
function signedIn(request: Request): StaffPrincipal {
  if (!request.staff) throw new NotFoundException('Nobody is signed in (AUTH_MODE=open): there is no member to make a calendar feed for.');
  return request.staff;
}
