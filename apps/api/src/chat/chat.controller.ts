import { Body, Controller, HttpCode, NotFoundException, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiDefaultResponse, ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { ChatStreamEvent } from '@lead-desk/contracts';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { ChatAddressLimitGuard } from './chat-address-limit.guard';
import { ChatEndings } from './chat-endings';
import { ChatMessageInput } from './chat-message.input';
import { ChatRelay } from './chat-relay.service';
import { ChatSessionsRepository } from './chat-sessions.repository';

/**
 * The customer page's "Chat with AI" (public: a visitor has no session, so no CSRF token; the
 * limit per address keeps it from being a free assistant for scripts).
 */
@ApiTags('chat')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@ApiTooManyRequestsResponse({ type: ErrorBodyOutput, description: 'Too many chat requests from this address within the hour; Retry-After says when to try again.' })
@Public()
@UseGuards(ChatAddressLimitGuard)
@Controller('chat')
export class ChatController {
  constructor(
    private readonly relay: ChatRelay,
    private readonly endings: ChatEndings,
    private readonly sessions: ChatSessionsRepository,
  ) {}

  /**
   * A visitor's message, answered as Server-Sent Events (the contracts' ChatStreamEvent):
   * `session` (the session to send with the next message, and until when to keep it), the
   * agent's words as `delta`s as they come, then `done`; or `error` with words for the visitor.
   */
  @Post('messages')
  @ApiBody({ type: ChatMessageInput })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'A stream of events: `event: session|delta|done|error` and `data: <JSON>`.' })
  async message(@Body() body: ChatMessageInput, @Res() response: Response): Promise<void> {
    const abandoned = new AbortController();
    response.on('close', () => abandoned.abort());
    const answer = await this.relay.open(body, abandoned.signal);
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    const write = ({ event, data }: ChatStreamEvent) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    write(answer.session);
    for await (const event of answer.events) write(event);
    response.end();
  }

  /** "End chat": the chat ends now and becomes a lead (its result is read from Vapi meanwhile). 202; 404 for a session this API never opened. */
  @Post('sessions/:sessionId/end')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'The chat is ended (or was already); its lead follows.' })
  async end(@Param('sessionId') sessionId: string): Promise<void> {
    // Longer than any session id, or holding NUL (which PostgreSQL cannot compare): no chat of ours.
    const chat = sessionId.length <= 200 && !sessionId.includes('\u0000') ? await this.sessions.findByVapiId(sessionId) : null;
    if (!chat) throw new NotFoundException('No chat with this session id.');
    if (chat.state === 'active') await this.endings.endByVisitor(chat);
  }
}
