/**
 * Debian's Chromium driven by playwright-core (Playwright's own browser download cannot run here).
 * Every page records console errors, uncaught exceptions and failed requests so tests can assert none,
 * and every Content-Security-Policy violation (the `securitypolicyviolation` event of each
 * document, reported through a binding) so a test fails when the console breaks its own CSP.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.SERVICE_E2E_CHROMIUM ?? '/usr/bin/chromium';

export interface Console {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  /** CSP violations seen so far, as `directive blocked-URI (source:line)`; never cleared by the tests. */
  violations: string[];
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
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(`${e.effectiveDirective} ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
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
    violations,
    close: async () => {
      await browser.close();
    },
  };
}
