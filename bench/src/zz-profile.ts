import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, toolCallsMessage, transferDestinationRequestMessage } from '@lead-desk/test-support';
import { fillDatabase } from './fill-database';
import { generatedPhone } from './lead-generator';

async function main() {
  const url = process.env.DB ?? `file:${join(mkdtempSync(join(tmpdir(), 'zz-')), 'leads.db')}`;
  await fillDatabase(url, 10000);
  const api = await startApi({ env: { DATABASE_URL: url, LOG_LEVEL: 'error', AUTH_MODE: 'open', VAPI_WEBHOOK_SECRET: 's', VAPI_ASSISTANT_ID: 'a', CALLING_HOURS: '00:00-24:00' }, nodeArgs: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/zz-prof'] : [] });
  const post = async (message: unknown) => {
    const t = performance.now();
    const r = await fetch(`${api.url}/api/webhooks/vapi`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': 's' }, body: JSON.stringify({ message }) });
    await r.text();
    return performance.now() - t;
  };
  for (const kind of (process.env.KINDS ?? "book,transfer,book").split(",")) {
    const times: number[] = [];
    for (let n = 0; n < Number(process.env.N ?? 60); n += 1) {
      const call = { id: `p-${kind}-${n}-${Date.now()}`, customerNumber: generatedPhone((n * 104729) % 10000) };
      const day = new Date(Date.now() + (1 + (n % 14)) * 86400000).toISOString().slice(0, 10);
      const msg = kind === 'book' ? toolCallsMessage(call, [{ id: `t-${call.id}`, name: 'book_site_visit', arguments: { propertyId: 1 + (n % 16), preferredTime: `${day}T${String(9 + ((n * 7) % 12)).padStart(2, '0')}:00` } }]).sent : transferDestinationRequestMessage(call);
      times.push(await post(msg));
    }
    times.sort((a, b) => a - b);
    console.log(kind, 'p50', times[Math.floor(times.length/2)].toFixed(1), 'p95', times[Math.floor(times.length*0.95)].toFixed(1), 'max', times[times.length-1].toFixed(1));
  }
  await api.stop();
}
main();
