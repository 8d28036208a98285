import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { generatedPhone } from './lead-generator';
import { spread } from './statistics';
import { routedNewLeads, storedReports } from './stored-reports';

export const BENCH_WEBHOOK_SECRET = 'bench-webhook-secret';

/** An end-of-call-report as the voice platform posts it, from the caller with this phone number. */
export function endOfCallReport(callId: string, phone: string, caller: number): string {
  return JSON.stringify({
    message: {
      type: 'end-of-call-report',
      timestamp: Date.now(),
      endedReason: 'customer-ended-call',
      startedAt: new Date(Date.now() - 120_000).toISOString(),
      endedAt: new Date().toISOString(),
      cost: 0.42,
      durationSeconds: 120,
      call: { id: callId, type: 'webCall', status: 'ended', orgId: 'bench-org', assistantId: 'bench-assistant' },
      customer: { number: phone },
      artifact: {
        transcript: 'AI: Namaste, how can I help?\nUser: I am looking for a 3 BHK in Pune.',
        recording: { mono: { combinedUrl: `https://storage.example.com/${callId}.wav` } },
        messages: [],
      },
      analysis: {
        summary: 'Caller wants a 3 BHK in Pune within 6 months.',
        successEvaluation: 'true',
        structuredData: { name: `Bench Caller ${caller}`, location: 'Pune', interestedIn: '3 BHK Apartment', budget: 9500000, timeline: '6 months', loan_needed: true, qualified: true },
      },
    },
  });
}

/** What autocannon keeps per connection between building a request and reading its answer. */
interface ReportContext {
  callId: string;
}

interface IngestOptions {
  connections: number;
  seconds: number;
  runs: number;
  warmUpSeconds: number;
  /** Leads already in the database: a quarter of the reports come from one of them calling back. */
  existingLeads: number;
}

/**
 * Posts distinct end-of-call-reports with `connections` clients for `seconds`, `runs`
 * times. Each report has its own call id; the ids the API accepted (200 processed, 202
 * stored for replay) are then looked up in the database: an accepted id without its
 * row is a lost report.
 */
export async function ingestWebhooks(apiUrl: string, databaseUrl: string, options: IngestOptions) {
  const rates: number[] = [];
  const p99s: number[] = [];
  const processed: string[] = [];
  const storedOnly: string[] = [];
  let refused = 0;
  let caller = 0;
  const post = (seconds: number, track: boolean) =>
    autocannon({
      url: `${apiUrl}/api/webhooks/vapi`,
      connections: options.connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': BENCH_WEBHOOK_SECRET },
          setupRequest: (request, context) => {
            caller += 1;
            const callId = randomUUID();
            (context as ReportContext).callId = callId;
            // Three new callers for every returning one, who updates their lead.
            const phone = caller % 4 === 0 ? generatedPhone((caller * 7919) % options.existingLeads) : `+918${String(100_000_000 + caller).slice(-9)}`;
            return { ...request, body: endOfCallReport(callId, phone, caller) };
          },
          // One request in flight per connection: the context is the answered request's.
          onResponse: (status, _body, context) => {
            if (!track) return;
            const { callId } = context as ReportContext;
            if (status === 200) processed.push(callId);
            else if (status === 202) storedOnly.push(callId);
            else refused += 1;
          },
        },
      ],
    });
  // Warms the API up; its reports are stored too but not counted.
  await post(options.warmUpSeconds, false);
  for (let run = 0; run < options.runs; run += 1) {
    const result = await post(options.seconds, true);
    rates.push((result['2xx'] ?? 0) / options.seconds);
    p99s.push(result.latency.p99);
    refused += result.errors + result.timeouts;
  }
  const found = await storedReports(databaseUrl, processed, storedOnly);
  // With round-robin on, every lead the ingest created must have an agent.
  const { newLeads, routed } = await routedNewLeads(databaseUrl);
  return {
    newLeads,
    routed,
    acceptedPerSecond: spread(rates),
    p99: spread(p99s),
    accepted: processed.length + storedOnly.length,
    processed: processed.length,
    storedForReplay: storedOnly.length,
    refused,
    found: found.processed + found.storedForReplay,
    lost: processed.length - found.processed + storedOnly.length - found.storedForReplay,
  };
}
