import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPOSITORY_ROOT } from '@lead-desk/test-support';
import { chromium } from 'playwright-core';
import { spread, type Spread } from './statistics';

const ASSETS = join(REPOSITORY_ROOT, 'apps/web/dist/assets');
const LEAD_CARD = 'lead-card';

export interface PageResult {
  mainBundleKbGzip: number;
  voiceChunkKbGzip: number;
  /** Time from navigation start to the first visible lead card; null when the built page has none. */
  firstLeadCardMs: Spread | null;
  note?: string;
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length / 1024;

/** The built page's bundle sizes (gzip), from apps/web/dist. */
export function bundleSizes() {
  const scripts = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  const main = scripts.find((file) => file.startsWith('index-'));
  const voice = scripts.find((file) => /vapi/i.test(file));
  if (!main || !voice) throw new Error(`apps/web/dist/assets lacks the main bundle or the voice chunk: ${scripts.join(', ')}`);
  return {
    scripts,
    mainBundleKbGzip: gzipKb(main),
    voiceChunkKbGzip: gzipKb(voice),
  };
}

/**
 * Bundle sizes, and the time from navigation to the first lead card in Chromium, each
 * run in a fresh browser context (cold cache). The time is the page's own clock
 * (performance.now() counts from the navigation's start) in the frame the card shows.
 */
export async function measurePage(pageUrl: string, runs: number): Promise<PageResult> {
  const { scripts, mainBundleKbGzip, voiceChunkKbGzip } = bundleSizes();
  // The test id as a string literal in any chunk (the bundler writes it with backticks).
  const testIdLiteral = new RegExp(`["'\`]${LEAD_CARD}["'\`]`);
  const rendersLeadCards = scripts.some((file) => testIdLiteral.test(readFileSync(join(ASSETS, file), 'utf8')));
  if (!rendersLeadCards) {
    return { mainBundleKbGzip, voiceChunkKbGzip, firstLeadCardMs: null, note: `the built page renders no data-testid="${LEAD_CARD}" yet` };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'commit' });
      // Checked in the page every animation frame, so the time is the frame that shows the card.
      const shown = await page.waitForFunction(
        (testId) => {
          const card = document.querySelector(`[data-testid="${testId}"]`);
          return card?.checkVisibility() ? performance.now() : false;
        },
        LEAD_CARD,
        { polling: 'raf', timeout: 30_000 },
      );
      times.push((await shown.jsonValue()) as number);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { mainBundleKbGzip, voiceChunkKbGzip, firstLeadCardMs: spread(times) };
}
