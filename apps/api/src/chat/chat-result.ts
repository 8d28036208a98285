import type { InboundLead } from '../leads/intake/inbound-lead';
import { CHAT_BOT_SOURCE } from '../leads/lead-sources';
import { callerRequestsOf, type CallerRequests } from '../voice/webhooks/caller-requests';
import { leadFromReport, type ConversationReport, type ReportReading } from '../voice/webhooks/end-of-call-report';
import { chatTurnsOf, type ChatTurn } from './chat-transcript';
import type { VapiSession } from './vapi-session';

/** A chat's lead when the visitor gave no name, until a later chat or call learns it. */
export const UNKNOWN_VISITOR = 'Unknown visitor';

/** What a finished chat comes to: who said what, the lead it describes, and what the visitor asked about being contacted. */
export interface ChatResult {
  turns: ChatTurn[];
  lead: InboundLead;
  requests: CallerRequests;
}

/**
 * A completed session read as a call's end-of-call report is read (leadFromReport,
 * callerRequestsOf: the structured outputs, then the session's customer), so a chat and a call
 * describe one person alike: the lead's fields, and consent or Do Not Call with the visitor's
 * own lines as evidence. A judgement the chat did not make (a name, `qualified`) is not given,
 * so a known lead keeps its own.
 */
export function chatResultOf(session: VapiSession, reading: ReportReading): ChatResult {
  const turns = chatTurnsOf(session);
  const report: ConversationReport = {
    customer: session.customer,
    artifact: {
      structuredOutputs: session.artifact?.structuredOutputs,
      // The visitor's lines in the shape a call's artifact gives the caller's.
      messages: turns.map(({ role, text }) => ({ role: role === 'visitor' ? 'user' : 'bot', message: text })),
      transcript: session.artifact?.transcript,
    },
  };
  const { lead, nameKnown, qualifiedKnown } = leadFromReport(report, reading);
  const { name, qualified, source: _none, ...fields } = lead;
  return {
    turns,
    lead: {
      fields: { ...fields, name: nameKnown ? name : UNKNOWN_VISITOR, ...(qualifiedKnown ? { qualified } : {}) },
      source: CHAT_BOT_SOURCE,
      sourceId: null,
      nameUnknown: !nameKnown,
    },
    requests: callerRequestsOf(report),
  };
}
