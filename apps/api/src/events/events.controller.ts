import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LiveEventsService } from './live-events.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly liveEvents: LiveEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Server-Sent Events: lead.created, lead.updated and call.updated, each with its record (the contracts' LiveEvent). */
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
    const subscription = this.liveEvents.stream.subscribe({
      next: (event) => response.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
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
