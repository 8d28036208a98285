import type { Provider } from '@nestjs/common';
import { AssistantRequestHandler } from './assistant-request/assistant-request.handler';
import { CallerLeads } from './caller-leads';
import { ServerRequestsService } from './server-requests.service';
import { BookSiteVisitTool } from './site-visits/book-site-visit.tool';
import { SiteVisitBooking } from './site-visits/site-visit-booking.service';
import { AgentScheduleRepository } from './agent-schedule.repository';
import { AGENT_TOOLS, type AgentTool } from './tool-calls/agent-tool';
import { ToolCallAnswersRepository } from './tool-calls/tool-call-answers.repository';
import { SearchPropertiesTool } from './tool-calls/search-properties.tool';
import { ToolCallsHandler } from './tool-calls/tool-calls.handler';
import { TransferDestinationHandler } from './transfer/transfer-destination.handler';

/** The agent's function tools, by name in tool-calls messages. */
const TOOLS = [SearchPropertiesTool, BookSiteVisitTool];

/**
 * What answers Vapi's messages during a call (tools, transfers, assistant requests): part of
 * the voice module, beside the webhook that receives them and the call records they read.
 */
export const SERVER_REQUEST_PROVIDERS: Provider[] = [
  ServerRequestsService,
  ToolCallsHandler,
  TransferDestinationHandler,
  AssistantRequestHandler,
  CallerLeads,
  AgentScheduleRepository,
  SiteVisitBooking,
  ToolCallAnswersRepository,
  ...TOOLS,
  { provide: AGENT_TOOLS, useFactory: (...tools: AgentTool[]) => tools, inject: TOOLS },
];
