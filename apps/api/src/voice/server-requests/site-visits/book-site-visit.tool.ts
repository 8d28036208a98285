import { Injectable } from '@nestjs/common';
import { bookSiteVisitArguments } from '@lead-desk/contracts';
import type { AgentTool, ToolCallContext, ToolOutcome } from '../tool-calls/agent-tool';
import { invalidArguments } from '../tool-calls/invalid-arguments';
import { BOOK_SITE_VISIT } from '../tool-calls/tool-names';
import { SiteVisitBooking } from './site-visit-booking.service';

/** `book_site_visit`: the property and the caller's preferred time; booked, or two alternatives (SiteVisitBooking). */
@Injectable()
export class BookSiteVisitTool implements AgentTool {
  readonly name = BOOK_SITE_VISIT;

  constructor(private readonly booking: SiteVisitBooking) {}

  async run(args: Record<string, unknown>, { call, toolCallId }: ToolCallContext): Promise<ToolOutcome> {
    const parsed = bookSiteVisitArguments.safeParse(args);
    if (!parsed.success) return invalidArguments(parsed.error);
    return this.booking.book({ call, toolCallId, ...parsed.data });
  }
}
