import { booleanLike } from '../../leads/boolean-words';
import { structuredOutputsOf } from './structured-outputs';
import type { ConversationReport } from './end-of-call-report';

/** What the caller asked for about being contacted, as the assistant's structured output judged it. */
export interface CallerRequests {
  /** true: they agreed to be called about properties; false: they took an agreement back; undefined: not discussed. */
  consentToContact?: boolean;
  /** true: they asked never to be called again. */
  doNotCall?: boolean;
  /** true: they said yes to WhatsApp messages when the agent asked; false: they said no, or took a yes back; undefined: not discussed. */
  whatsappOptIn?: boolean;
  /** The caller's own lines that say so: the evidence kept with the consent (see callerLinesFor). */
  consentLines: string[];
  doNotCallLines: string[];
  whatsappOptInLines: string[];
}

const NAMES = { consentToContact: 'consenttocontact', doNotCall: 'donotcall', whatsappOptIn: 'whatsappoptin' } as const;
const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// Words callers use, in English and romanised Hindi, to agree to a call back or to refuse further calls.
const AGREEING = /\b(yes|yeah|yep|sure|ok(ay)?|fine|go ahead|you (can|may)|please (do|call)|call me|agree[ds]?|haan?|ji|theek|thik|zaroor|bilkul)\b/i;
const REFUSING = /\b(don'?t|do not|never|stop|no more|not interested|remove|unsubscribe|mat|nahi|nahin|band)\b/i;
/** Lines kept when no line matches: the caller's last few, so the evidence still shows what they said. */
const FALLBACK_LINES = 3;

/**
 * The caller's requests in a report: from an output named `consentToContact` / `doNotCall` /
 * `whatsappOptIn`,
 * else from any object output (such as "Lead Desk lead") carrying them, else from the older
 * analysis' structured data; written as booleans or yes/no words. With them, the caller's
 * lines that say so.
 */
export function callerRequestsOf(report: ConversationReport): CallerRequests {
  const outputs = structuredOutputsOf(report.artifact?.structuredOutputs);
  const sources: Record<string, unknown>[] = [
    ...outputs.flatMap(({ name, result }) => (Object.values(NAMES).includes(comparable(name) as never) ? [{ [comparable(name)]: result }] : [])),
    ...outputs.flatMap(({ result }) => (isObject(result) ? [normalisedKeys(result)] : [])),
    normalisedKeys(report.analysis?.structuredData ?? {}),
  ];
  const read = (name: string) => {
    for (const source of sources) {
      const value = booleanLike(source[name]);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const lines = callerLinesOf(report);
  const whatsappOptIn = read(NAMES.whatsappOptIn);
  return {
    consentToContact: read(NAMES.consentToContact),
    doNotCall: read(NAMES.doNotCall),
    whatsappOptIn,
    consentLines: callerLinesFor(lines, AGREEING),
    doNotCallLines: callerLinesFor(lines, REFUSING),
    whatsappOptInLines: callerLinesFor(lines, whatsappOptIn === false ? REFUSING : AGREEING),
  };
}

/**
 * The evidence for a request: the caller's lines with the words of it (agreeing or
 * refusing), else their last three lines. Matching words is deliberately simple; the
 * structured output made the judgement, these lines let a person check it, and the whole
 * transcript stays with the call record.
 */
export function callerLinesFor(lines: string[], words: RegExp): string[] {
  const matching = lines.filter((line) => words.test(line));
  return matching.length > 0 ? matching : lines.slice(-FALLBACK_LINES);
}

/** What the caller said, line by line: `artifact.messages` with role "user", else the transcript's "User:" / "Customer:" lines. */
export function callerLinesOf(report: ConversationReport): string[] {
  const fromMessages = (report.artifact?.messages ?? []).flatMap((message) =>
    isObject(message) && message.role === 'user' && typeof message.message === 'string' && message.message.trim() ? [message.message.trim()] : [],
  );
  if (fromMessages.length > 0) return fromMessages;
  const transcript = report.artifact?.transcript ?? report.transcript ?? '';
  return transcript.split(/\r?\n/).flatMap((line) => {
    const said = /^\s*(user|customer)\s*:\s*(.+)$/i.exec(line);
    return said ? [said[2].trim()] : [];
  });
}

function normalisedKeys(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [comparable(key), value]));
}
