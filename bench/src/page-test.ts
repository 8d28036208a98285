import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './processes';
import { spread } from './statistics';

const ASSETS = join(REPO_ROOT, 'apps/web/dist/assets');

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(ASSETS, file))).length / 1024;
}

/** Bundle sizes, and the time from navigation to the first lead card in Chromium. */
export async function measurePage(apiUrl: string, runs: number) {
  const scripts = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  const main = scripts.find((file) => file.startsWith('index-'))!;
  const voice = scripts.find((file) => /vapi/i.test(file))!;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(apiUrl);
      await page.getByTestId('lead-card').first().waitFor({ state: 'visible', timeout: 30_000 });
      times.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { mainBundleKbGzip: gzipKb(main), voiceChunkKbGzip: gzipKb(voice), firstLeadCardMs: spread(times) };
}
