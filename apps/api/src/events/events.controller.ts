import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { leadAccessOf } from '../leads/access/lead-access';
import { liveEventFor } from '../leads/access/live-event-access';
import { LiveEventsService } from './live-events.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Server-Sent Events: lead.created, lead.updated and call.updated, each with its record, and lead.removed {id} (the contracts' LiveEvent). */
  @Get()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'A stream of events: `event: <type>` and `data: <the record as JSON>`, a lead or a call record.' })
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
    const subscription = this.liveEvents.stream.subscribe({
      next: (event) => {
        const shown = liveEventFor(access, event);
        if (shown) response.write(`event: ${shown.type}\ndata: ${JSON.stringify(shown.data)}\n\n`);
      },
      // The app is shutting down: end the stream so the server can close.
      complete: () => response.end(),
    });
    // A comment line now and then keeps proxies and load balancers from closing an idle stream.
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), this.config.EVENTS_HEARTBEAT_SECONDS * 1000);
    request.on('close', () => {
      clearInterval(heartbeat);
      subscription.unsubscribe();
    });
  }
}
