/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download cannot run here).
 * Every page records console errors, uncaught exceptions and failed requests so tests can assert none.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.SERVICE_E2E_CHROMIUM ?? '/usr/bin/chromium';

export interface Console {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Launches headless Chromium (Playwright gives it a new empty profile directory) and opens one page of `width`×`height`. */
export async function openBrowser(width = 1280, height = 900): Promise<Console> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return {
    browser,
    context,
    page,
    errors,
    close: async () => {
      await browser.close();
    },
  };
}
