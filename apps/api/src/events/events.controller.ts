import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Subscription } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { leadAccessOf } from '../leads/access/lead-access';
import { liveEventFor } from '../leads/access/live-event-access';
import { LiveEventsService } from './live-events.service';
import { LiveStreamSessions, type StreamSession } from './live-stream-sessions';

/** Open mode has no session to follow: its streams last until the browser or the app closes them. */
const OPEN_MODE_SESSION: StreamSession = { mayReceive: () => true, release: () => undefined };

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly liveEvents: LiveEventsService,
    private readonly streamSessions: LiveStreamSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Server-Sent Events: lead.created, lead.updated, call.updated, task.created and task.updated, each with its record, and lead.removed {id} (the contracts' LiveEvent).
   * The stream ends when its session does (signed out, expired, member removed or role changed).
   */
  @Get()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'A stream of events: `event: <type>` and `data: <the record as JSON>`, a lead or a call record. It ends when the session does.' })
  stream(@Req() request: Request, @Res() response: Response): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    response.write('retry: 3000\n\n');
    // Each browser hears of the leads its member of staff may see (the list's rule), nothing more.
    const access = leadAccessOf(request.staff);
    let subscription: Subscription | undefined;
    // A comment line now and then keeps proxies and load balancers from closing an idle stream.
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), this.config.EVENTS_HEARTBEAT_SECONDS * 1000);
    const release = () => {
      clearInterval(heartbeat);
      subscription?.unsubscribe();
      session.release();
    };
    // Ended by the app shutting down, or by the end of the session.
    const end = () => {
      release();
      response.end();
    };
    const session = request.staff ? this.streamSessions.follow(request.staff, end) : OPEN_MODE_SESSION;
    subscription = this.liveEvents.stream.subscribe({
      next: (event) => {
        const shown = session.mayReceive() && liveEventFor(access, event);
        if (shown) response.write(`event: ${shown.type}\ndata: ${JSON.stringify(shown.data)}\n\n`);
      },
      complete: end,
    });
    request.on('close', release);
  }
}
