import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { spread } from './statistics';

export const BENCH_WEBHOOK_SECRET = 'bench-webhook-secret';

/** An end-of-call-report as the voice platform posts it, for a caller of its own. */
export function endOfCallReport(callId: string, caller: number): string {
  const phone = `+918${String(100_000_000 + caller).slice(-9)}`;
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
        structuredData: { name: `Bench Caller ${caller}`, email: `caller.${caller}@bench.example.in`, location: 'Pune', interestedIn: '3 BHK Apartment', budget: 9500000, timeline: '6 months', loan_needed: true, qualified: true },
      },
    },
  });
}

/** Posts distinct end-of-call-reports with 32 connections, then checks every accepted one was stored. */
export async function ingestWebhooks(apiUrl: string, _databaseUrl: string, options: { connections: number; seconds: number; runs: number }) {
  const rates: number[] = [];
  const p99s: number[] = [];
  let accepted = 0;
  let caller = 0;
  const before = Number((await fetch(`${apiUrl}/api/leads?limit=1`)).headers.get('x-total-count'));
  for (let run = 0; run < options.runs; run += 1) {
    const result = await autocannon({
      url: `${apiUrl}/api/webhooks/vapi`,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': BENCH_WEBHOOK_SECRET },
          setupRequest: (request) => ({ ...request, body: endOfCallReport(randomUUID(), (caller += 1)) }),
        },
      ],
    });
    accepted += result['2xx'];
    rates.push(result['2xx'] / options.seconds);
    p99s.push(result.latency.p99);
  }
  const after = Number((await fetch(`${apiUrl}/api/leads?limit=1`)).headers.get('x-total-count'));
  return { acceptedPerSecond: spread(rates), p99: spread(p99s), accepted, stored: after - before };
}
