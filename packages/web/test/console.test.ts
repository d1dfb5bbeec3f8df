/**
 * The console end to end, in Debian's headless Chromium against a real server that ran the demo
 * (real corpus documents): sign-in, upload of a CUAD PDF processed into fields with highlighted
 * evidence, accepting a label suggestion, a broken plugin rejected with the `service validate`
 * listing and then fixed, an API key created and revoked, a member invited; every page at
 * 1280 px and phone width, keyboard navigation, and no console errors throughout.
 * UPDATE_SCREENSHOTS=1 writes each page's screenshot to docs/console/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServiceClient, type ServiceClient } from '@service/client';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstLoad } from '../scripts/first-load.js';
import { groupName } from '../src/lib/benchmark-groups.js';
import { type Console, openBrowser } from './support/browser.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const corpus = path.resolve(root, '..', 'shared', 'corpus');
const shots = process.env.UPDATE_SCREENSHOTS
  ? path.join(root, 'docs', 'console')
  : mkdtempSync(path.join(tmpdir(), 'console-shots-'));
mkdirSync(shots, { recursive: true });

const baseUrl = inject('baseUrl');
/** Makes names unique per run, so the tests also pass against a server they ran against before. */
const run = Date.now().toString(36);
const apiKey = inject('apiKey');
let api: ServiceClient;
let demoOrg: string;

/** Waits until the demo organization exists, its documents are processed and its benchmarks ran. */
async function demoReady(): Promise<string> {
  const admin = createServiceClient({ baseUrl, token: apiKey });
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the demo did not finish in 10 minutes');
    const org = await admin.GET('/api/v1/organizations/slug/{slug}', {
      params: { path: { slug: 'demo-procurement' } },
    });
    if (org.data) {
      const client = createServiceClient({ baseUrl, token: apiKey, organizationId: org.data.id });
      const docs = await client.GET('/api/v1/documents', {
        params: { query: { pageable: { page: 0, size: 100 } } },
      });
      const benchmarks = await client.GET('/api/benchmarks', { params: { query: {} } });
      const pending = docs.data?.content.some((d) => d.status === 'RECEIVED' || d.status === 'PROCESSING');
      const ran = benchmarks.data?.data.some((b) => b.latest_run?.status === 'SUCCEEDED');
      if (docs.data && docs.data.page.total_elements >= 20 && !pending && ran) return org.data.id;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function visit(page: Page, to: string, heading: string) {
  await page.getByRole('link', { name: heading, exact: true }).first().click();
  await page.waitForURL(`**${to}`);
  await page.getByRole('heading', { level: 2 }).first().waitFor();
}

describe('the web console', () => {
  let b: Console;
  beforeAll(async () => {
    demoOrg = await demoReady();
    api = createServiceClient({ baseUrl, token: apiKey, organizationId: demoOrg });
    b = await openBrowser(1280, 900);
  });
  afterEach(() => {
    expect(b.errors, 'browser console errors').toEqual([]);
    expect(b.violations, 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => b?.close());

  it('signs in with an API key and selects the organization', async () => {
    await b.page.goto(baseUrl);
    await b.page.getByLabel('API key or access token').fill('dis_not-a-real-key');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    const rejected = await createServiceClient({ baseUrl, token: 'dis_not-a-real-key' }).GET(
      '/api/v1/users/me',
    );
    const detail = (rejected.error as { detail: string }).detail;
    await expect.poll(() => b.page.getByRole('alert').textContent()).toContain(detail);
    b.errors.length = 0; // the rejected key's 401 is logged by the browser as a failed resource
    await shot(b.page, 'sign-in');
    await b.page.getByLabel('API key or access token').fill(apiKey);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByRole('heading', { name: 'Documents' }).waitFor();
    const picker = b.page.locator('input[aria-label="Active organization"]');
    await picker.click();
    await b.page.getByRole('option', { name: /Demo Procurement/ }).click();
    await expect.poll(() => picker.inputValue()).toContain('Demo Procurement');
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    await shot(b.page, 'documents');
  });

  it('searches the documents and highlights what matched, from the page and from the header', async () => {
    await b.page.goto(`${baseUrl}/documents`);
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    await b.page.getByLabel('Search', { exact: true }).fill('"governing law"');
    await b.page.waitForURL(/[?&]q=/);
    const snippet = b.page.getByTestId('search-snippet').first();
    await snippet.waitFor();
    const marks = await snippet.locator('mark').allTextContents();
    expect(
      marks.some((m) => /^govern/i.test(m)),
      marks.join(' '),
    ).toBe(true);
    await expect
      .poll(() => b.page.getByTestId('documents-total').textContent())
      .toMatch(/matching documents/);
    await shot(b.page, 'search');
    const header = b.page.getByLabel('Search documents');
    await header.fill('delaware');
    await header.press('Enter');
    await b.page.waitForURL(/[?&]q=delaware/);
    await expect.poll(() => b.page.getByLabel('Search', { exact: true }).inputValue()).toBe('delaware');
    await b.page.getByTestId('search-snippet').first().waitFor();
  });

  it('restores a filtered, sorted page of the list from its address', async () => {
    // The demo's documents have all been processed, so the processed ones stay put meanwhile.
    const pending = async (status: 'RECEIVED' | 'PROCESSING') =>
      (await api.GET('/api/v1/documents', { params: { query: { status, pageable: { page: 0, size: 1 } } } }))
        .data?.page.total_elements;
    await expect
      .poll(async () => (await pending('RECEIVED')) === 0 && (await pending('PROCESSING')) === 0, {
        timeout: 180_000,
      })
      .toBe(true);
    const expected = await api.GET('/api/v1/documents', {
      params: { query: { status: 'PROCESSED', pageable: { page: 1, size: 25, sort: 'filename,asc' } } },
    });
    const names = (expected.data?.content ?? []).map((d) => d.filename);
    expect(names.length, 'the demo has more than one page of processed documents').toBeGreaterThan(0);
    await b.page.goto(`${baseUrl}/documents?status=PROCESSED&sort=filename&dir=asc&page=2`);
    const rows = b.page.getByRole('table', { name: 'Documents' }).locator('tbody tr');
    await expect
      .poll(async () => (await rows.locator('td:nth-child(2) a').allTextContents()).join('\n'))
      .toBe(names.join('\n'));
    const pages = b.page.getByRole('navigation', { name: 'Pages of documents' });
    await expect.poll(() => pages.locator('[aria-current="page"]').textContent()).toBe('2');
    // The back button returns to the page before: the state is the address's.
    await pages.getByRole('button', { name: '1', exact: true }).click();
    await b.page.waitForURL((u) => !u.searchParams.has('page'));
    await b.page.goBack();
    await b.page.waitForURL((u) => u.searchParams.get('page') === '2');
    // Back to the plain list (newest first) for the tests that follow.
    await b.page.goto(`${baseUrl}/documents`);
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
  });

  it('saves a filtered, sorted list with chosen columns as a view, opens it from the sidebar, and deletes it', async () => {
    await b.page.goto(`${baseUrl}/documents?status=PROCESSED&sort=filename&dir=asc&cols=filename,labels`);
    const table = b.page.getByRole('table', { name: 'Documents' });
    await table.waitFor();
    // Header texts without the sort mark (▲ ▼).
    const headers = async () =>
      (await table.locator('thead th').allTextContents()).map((t) => t.replace(/[\s▲▼]+$/, ''));
    await expect.poll(headers).toEqual(['', 'File', 'Labels']);
    const name = `Processed by name ${run}`;
    await b.page.getByRole('button', { name: 'Save view' }).click();
    const form = b.page.getByRole('form', { name: /Save the filters/ });
    await form.getByLabel('View name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await b.page.getByText(`View: ${name}`).waitFor();
    const saved = (await api.GET('/api/v1/saved-views')).data?.content.find((v) => v.name === name);
    expect(saved).toMatchObject({
      query: { status: 'PROCESSED', sort: 'filename', dir: 'asc' },
      columns: ['filename', 'labels'],
    });
    // From the plain list, the sidebar link restores the view.
    await b.page.goto(`${baseUrl}/documents`);
    await expect.poll(() => table.locator('thead th').count()).toBe(8);
    await b.page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name }).click();
    await b.page.waitForURL(
      (u) => u.searchParams.get('status') === 'PROCESSED' && u.searchParams.get('cols') === 'filename,labels',
    );
    await expect.poll(headers).toEqual(['', 'File', 'Labels']);
    await shot(b.page, 'saved-view');
    await b.page.getByRole('button', { name: 'Delete view' }).click();
    await b.page.getByRole('button', { name: `Delete “${name}”?` }).click();
    await b.page.getByRole('button', { name: 'Save view' }).waitFor();
    await expect.poll(() => b.page.getByRole('link', { name }).count()).toBe(0);
    await b.page.goto(`${baseUrl}/documents`);
    await table.waitFor();
  });

  it('uploads a CUAD contract and shows its fields with the evidence highlighted', async () => {
    const file = path.join(
      corpus,
      'cuad',
      'pdf',
      'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.pdf',
    );
    await b.page.locator('input[type=file]').setInputFiles(file);
    const row = b.page.getByTestId('upload-row').last();
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('uploaded');
    await b.page
      .getByRole('link', { name: path.basename(file) })
      .first()
      .click();
    await b.page.getByRole('heading', { name: path.basename(file) }).waitFor();
    await expect.poll(() => b.page.getByText('PROCESSED').count(), { timeout: 120_000 }).toBeGreaterThan(0);
    const fields = b.page.getByRole('table', { name: 'Extracted fields' });
    await fields.waitFor();
    expect(await fields.locator('tbody tr').count()).toBeGreaterThan(0);
    // a list reads as names, not as JSON
    const parties = await b.page.getByTestId('field-parties').textContent();
    expect(parties).toContain('ORGANIC PREPARATIONS INC.');
    expect(parties).not.toMatch(/[[\]"]/);
    // the evidence names the extractor rule that produced the value
    expect(await b.page.getByTestId('rule-parties').textContent()).toMatch(/^parties\.[a-z_+]+$/);
    const marks = b.page.getByTestId('document-text').locator('mark[data-field]');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    const field = await marks.first().getAttribute('data-field');
    await fields
      .getByRole('row')
      .filter({ hasText: field ?? '' })
      .getByRole('button', { name: /show/ })
      .click();
    const highlighted = b.page.locator(`mark[data-field="${field}"]`).first();
    await expect
      .poll(() => highlighted.evaluate((m) => getComputedStyle(m).backgroundColor))
      .toBe('rgb(255, 212, 59)');
    // The evidence is the document's own text, and the value was read from it.
    expect((await highlighted.textContent())?.length).toBeGreaterThan(0);
    const trace = b.page.getByRole('table', { name: 'Classification path' });
    expect(await trace.locator('tbody tr').count()).toBeGreaterThan(0);
    // The built-in classifier reports its confidence at every level; the path shows it.
    expect(await trace.getByTestId('classification-decision').count()).toBe(
      await trace.locator('tbody tr').count(),
    );
    await shot(b.page, 'document-detail');
    // The original PDF, fetched with the session and framed from a blob: URL, is allowed by the CSP.
    await b.page.getByRole('button', { name: 'Show the PDF' }).click();
    const pdf = b.page.locator('iframe[title="PDF"]');
    await pdf.waitFor();
    expect(await pdf.getAttribute('src')).toMatch(/^blob:/);
    await b.page.waitForTimeout(1000);
  });

  it('accepts a label suggestion into the ontology', async () => {
    // A document none of the demo's labels fits: the classifier abstains and a suggestion waits.
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Minutes of the spring picnic committee ${run}. Bring sandwiches, lemonade and a kite.`], {
        type: 'text/plain',
      }),
      `picnic-${run}.txt`,
    );
    const upload = await fetch(`${baseUrl}/api/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'x-organization-id': demoOrg },
      body: form,
    });
    expect(upload.status).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await api.GET('/api/v1/label-suggestions', {
              params: { query: { status: 'PENDING', pageable: { page: 0, size: 1 } } },
            })
          ).data?.content?.length ?? 0,
        { timeout: 60_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await visit(b.page, '/review', 'Review');
    const card = b.page.getByTestId('suggestion').first();
    await card.waitFor();
    await shot(b.page, 'review');
    await card.getByLabel('Label to add').fill('Joint Filing');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(async () => JSON.stringify((await api.GET('/api/v1/ontology')).data))
      .toContain('"name":"Joint Filing"');
  });

  it('corrects extracted values in review; the contract follows the correction', async () => {
    // The Review page lists the 20 least sure PROCESSED documents whose labels are not confirmed.
    const docs = await api.GET('/api/v1/documents', {
      params: {
        query: {
          status: 'PROCESSED',
          labels_confirmed: 'false',
          pageable: { page: 0, size: 20, sort: 'label_confidence,asc' },
        },
      },
    });
    const queue = docs.data?.content ?? [];
    const unique = (name: string) => queue.filter((d) => d.filename === name).length === 1;
    const doc = queue.find((d) => d.contract_id && d.extraction && unique(d.filename));
    expect(doc, 'a contract waiting for review').toBeDefined();
    if (!doc) return;
    await visit(b.page, '/review', 'Review');
    const card = b.page.getByTestId('confirm-card').filter({ hasText: doc.filename });
    await card.getByRole('button', { name: 'Correct values' }).click();
    const vendor = `Corrected Vendor ${run} Ltd`;
    await card.getByLabel('counterparty (string)').fill(vendor);
    await card.getByLabel('expiration_date (date)').fill('2031-06-30');
    await card.getByRole('button', { name: 'Save 2 corrections' }).click();
    await expect
      .poll(async () => {
        const d = (await api.GET('/api/v1/documents/{id}', { params: { path: { id: doc.id } } })).data;
        return d?.extraction?.corrections.counterparty?.value;
      })
      .toBe(vendor);
    const after = (await api.GET('/api/v1/documents/{id}', { params: { path: { id: doc.id } } })).data;
    expect(after?.labels_confirmed).toBe(true);
    expect(after?.extraction?.data.expiration_date).toBe('2031-06-30');
    // The correction is committed before the contract is derived again in the same request, so
    // the document can show it a moment before the contract does: wait for the contract too.
    await expect
      .poll(async () => {
        const contract = await api.GET('/api/contracts/{id}', {
          params: { path: { id: doc.contract_id as string } },
        });
        return contract.data;
      })
      .toMatchObject({ vendor, expiration_date: '2031-06-30' });
    // The document page marks the corrected field.
    await b.page.goto(`${baseUrl}/documents/${doc.id}`);
    const row = b.page
      .getByRole('table', { name: 'Extracted fields' })
      .getByRole('row')
      .filter({ hasText: 'counterparty' });
    await expect.poll(() => row.textContent()).toContain('corrected');
    expect(await row.textContent()).toContain(vendor);
  });

  it('rejects a broken plugin with the list `service validate` prints, then accepts the fix', async () => {
    await visit(b.page, '/plugins', 'Plugins');
    const broken =
      'from service_sdk import ClassificationPlugin\n\n\nclass Broken(ClassificationPlugin):\n    def helper(self) -> None:\n        print("hi")\n';
    await b.page.getByLabel('Name').fill(`broken-classifier-${run}`);
    const editor = b.page.locator('.cm-content');
    await editor.click();
    await b.page.keyboard.press('Control+A');
    await b.page.keyboard.press('Delete');
    await editor.evaluate((el, text) => {
      // CodeMirror auto-indents typed text; insert the source as one paste instead.
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, broken);
    await b.page.getByRole('button', { name: 'Submit plugin' }).click();
    const output = b.page.getByTestId('validate-output');
    await output.waitFor();
    const dir = mkdtempSync(path.join(tmpdir(), 'validate-'));
    writeFileSync(path.join(dir, `broken-classifier-${run}.py`), broken);
    const cli = spawnSync(
      path.join(root, '.venv', 'bin', 'service'),
      ['validate', `broken-classifier-${run}.py`],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(cli.stdout.trim()).toContain('MissingMethod');
    expect(await output.textContent()).toBe(cli.stdout.trim());
    // The failing lines (the class, the print) are highlighted in the editor.
    expect(await b.page.locator('.cm-line.cm-validator-error').count()).toBe(2);
    b.errors.length = 0; // the 400 answer is logged by the browser as a failed resource
    await shot(b.page, 'plugins');

    await editor.click();
    await b.page.keyboard.press('Control+A');
    await b.page.keyboard.press('Delete');
    const fixed = `from typing import Any\n\nfrom service_sdk import ClassificationPlugin, Document\n\n\nclass Fixed(ClassificationPlugin):\n    async def classify(\n        self,\n        document: Document,\n        file_data: bytes | None,\n        mime_type: str | None,\n        available_labels: list[str],\n        current_path: list[str],\n        configs: dict[str, Any],\n    ) -> str | None:\n        return None\n`;
    await editor.evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, fixed);
    await b.page.getByRole('button', { name: 'Submit plugin' }).click();
    await expect
      .poll(() => b.page.getByTestId('plugin-accepted').textContent())
      .toContain(`broken-classifier-${run} v1 (CLASSIFICATION)`);
    expect(await b.page.locator('.cm-validator-error').count()).toBe(0);
  });

  it('creates an API key shown once, which works until it is revoked', async () => {
    await visit(b.page, '/api-keys', 'API keys');
    await b.page.getByLabel('Name of a new key').fill(`console-e2e-${run}`);
    await b.page.getByRole('button', { name: 'Create key' }).click();
    const key = (await b.page.getByTestId('new-key-value').textContent()) ?? '';
    expect(key).toMatch(/^dis_/);
    const me = () => createServiceClient({ baseUrl, token: key }).GET('/api/v1/users/me');
    expect((await me()).response.status).toBe(200);
    await shot(b.page, 'api-keys');
    const row = b.page.getByTestId(`key-console-e2e-${run}`);
    // Created with the defaults: 90 days, the active organization only.
    await expect.poll(() => row.textContent()).toContain('Demo Procurement');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: `Revoke “console-e2e-${run}”?` }).click();
    await expect.poll(() => b.page.getByTestId(`key-console-e2e-${run}`).textContent()).toContain('REVOKED');
    expect((await me()).response.status).toBe(401);
  });

  it('invites a member to the organization', async () => {
    await visit(b.page, '/organization', 'Organization');
    await b.page.getByLabel('Email').fill(`new.colleague.${run}@example.com`);
    await b.page.getByRole('button', { name: 'Invite' }).click();
    const invitations = b.page.getByRole('table', { name: 'Invitations' });
    await expect.poll(() => invitations.textContent()).toContain(`new.colleague.${run}@example.com`);
    const list = await api.GET('/api/v1/invitations/organization/{orgId}', {
      params: { path: { orgId: demoOrg }, query: { pageable: { page: 0, size: 20 } } },
    });
    expect(
      list.data?.content.some(
        (i) => i.email === `new.colleague.${run}@example.com` && i.status === 'PENDING',
      ),
    ).toBe(true);
    await shot(b.page, 'organization');
  });

  it('edits a label: description, keywords and a field', async () => {
    await visit(b.page, '/ontology', 'Ontology');
    // Mantine's Select labels its input and its option list alike: the input comes first.
    const pick = b.page.getByLabel('Label', { exact: true }).first();
    await pick.click();
    await pick.fill('Joint Filing');
    await b.page
      .getByRole('option', { name: /Joint Filing$/ })
      .first()
      .click();
    const form = b.page.getByRole('form', { name: /Edit .*Joint Filing/ });
    await form
      .getByLabel('Description', { exact: true })
      .fill(`Joint filing agreements under Rule 13d-1(k) ${run}`);
    const keywords = form.getByLabel('Keywords').first();
    await keywords.fill('schedule 13d');
    await keywords.press('Enter');
    await form.getByRole('button', { name: 'Add a field' }).click();
    const row = form.getByTestId('field-row').last();
    await row.getByLabel('Field name').fill('filing_date');
    await row.getByLabel('Type', { exact: true }).first().click();
    await b.page.getByRole('option', { name: 'date', exact: true }).click();
    await row.getByLabel('Field description').fill('the date the schedule was filed');
    await form.getByRole('button', { name: /Save/ }).click();
    const find = (labels: { name: string; children: unknown[] }[]): unknown =>
      labels.map((l) => (l.name === 'Joint Filing' ? l : find(l.children as typeof labels))).find(Boolean);
    await expect
      .poll(async () => find(((await api.GET('/api/v1/ontology')).data?.labels ?? []) as never))
      .toMatchObject({
        description: `Joint filing agreements under Rule 13d-1(k) ${run}`,
        keywords: ['schedule 13d'],
        fields: [{ name: 'filing_date', dtype: 'date', description: 'the date the schedule was filed' }],
      });
    await shot(b.page, 'ontology');
  });

  it('shows how the classifier reads each label, and warns about a label it cannot place', async () => {
    await visit(b.page, '/ontology', 'Ontology');
    const tree = b.page
      .getByRole('listitem')
      .filter({ hasText: /^Non-Disclosure/ })
      .first();
    await tree.getByText('reads as nda 1.00').waitFor();
    // A root label whose name and description name no kind of document.
    const name = `Blue Widgets ${run}`;
    await b.page.getByLabel('Name', { exact: true }).fill(name);
    await b.page.getByRole('button', { name: 'Add label' }).click();
    const note = b.page.getByRole('note', { name: `warning on ${name}` }).first();
    await note.waitFor();
    expect(await note.textContent()).toMatch(/names no known kind of document/);
    await b.page
      .getByRole('alert')
      .filter({ hasText: /warning.* about your labels/ })
      .waitFor();
    await shot(b.page, 'ontology-report');
    // Remove it again, which clears the warning.
    const under = b.page.getByLabel('Under', { exact: true }).first();
    await under.click();
    await b.page.getByRole('option', { name, exact: true }).click();
    await b.page.getByRole('button', { name: `Remove “${name}”` }).click();
    await note.waitFor({ state: 'detached' });
  });

  it('shows the kind a label means read as a sentence, where its words say another', async () => {
    const saved = (await api.GET('/api/v1/ontology')).data;
    if (!saved) throw new Error('no ontology');
    const parent = saved.labels.find((l) => l.children.some((c) => c.name === 'Non-Disclosure'));
    if (!parent) throw new Error('no contract root');
    const upkeep = {
      name: `Upkeep ${run}`,
      description: 'Keeping equipment and software working after delivery.',
      keywords: [],
      fields: [],
      children: [],
    };
    const labels = saved.labels.map((l) => (l === parent ? { ...l, children: [...l.children, upkeep] } : l));
    expect((await api.PUT('/api/v1/ontology', { body: { labels } })).response.status).toBe(200);
    await visit(b.page, '/ontology', 'Ontology');
    // saved behind the page's back: read the tree again
    await b.page.reload();
    const item = b.page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${upkeep.name}`) })
      .first();
    // its words ("software") read as development; as a sentence it means maintenance
    await item.getByText('means maintenance', { exact: true }).waitFor();
    const note = b.page.getByRole('note', { name: `warning on ${upkeep.name}` }).first();
    expect(await note.textContent()).toMatch(/read as a sentence means maintenance/);
    await shot(b.page, 'ontology-meaning');
    const restored = await api.PUT('/api/v1/ontology', { body: { labels: saved.labels } });
    expect(restored.response.status).toBe(200);
  });

  it('connects a source over OAuth in the browser, and reconnects it after the provider revoked it', async () => {
    const localDev = async () =>
      (
        (await api.GET('/api/v1/sources', { params: { query: { pageable: { page: 0, size: 100 } } } })).data
          ?.content ?? []
      ).filter((s) => s.provider === 'local_dev');
    const before = new Set((await localDev()).map((s) => s.id));
    await visit(b.page, '/sources', 'Sources');
    const authorize = b.page.waitForRequest(/\/authorize\?/);
    await b.page.getByRole('button', { name: 'Connect' }).first().click();
    const provider = new URL((await authorize).url());
    // The provider approves, its redirect reaches the callback, and the callback sends the browser back.
    await b.page.waitForURL(/\/sources\?.*status=/);
    await b.page.getByTestId('oauth-result').waitFor();
    const added = (await localDev()).find((s) => !before.has(s.id));
    expect(added).toMatchObject({ kind: 'OAUTH', status: expect.stringMatching(/ACTIVE|SYNCING/) });
    if (!added) return;
    const row = b.page.getByTestId(`source-${added.id}`);
    await row.waitFor();

    // The user removes the app at the provider: the next sync finds the tokens dead.
    expect((await fetch(`${provider.origin}/revoke`, { method: 'POST' })).status).toBe(204);
    await expect
      .poll(async () => (await localDev()).find((s) => s.id === added.id)?.status, { timeout: 60_000 })
      .not.toBe('SYNCING');
    await row.getByRole('button', { name: 'Sync' }).click();
    await expect
      .poll(async () => (await localDev()).find((s) => s.id === added.id)?.status, { timeout: 60_000 })
      .toBe('REQUIRES_REAUTHORIZATION');
    await b.page.reload();
    await row.getByRole('button', { name: 'Reconnect' }).click();
    await b.page.waitForURL(new RegExp(`/sources\\?.*source_id=${added.id}`));
    await expect
      .poll(async () => (await localDev()).find((s) => s.id === added.id)?.status)
      .toMatch(/ACTIVE|SYNCING/);
    expect((await localDev()).length).toBe(before.size + 1);
    await row.getByRole('button', { name: 'Activity' }).click();
    const activity = b.page.getByRole('table', { name: /Sync activity of/ });
    // The sync with the revoked tokens is in the connection's activity.
    await expect.poll(() => activity.textContent()).toMatch(/FAILED|ABORTED/);
    await shot(b.page, 'sources');
  });

  it('charts the distribution of benchmark scores with the benchmark value', async () => {
    await visit(b.page, '/benchmarks', 'Benchmarks');
    const card = b.page.getByTestId('benchmark').first();
    const chart = card.getByRole('img', { name: /distribution of \d+ document scores?/ });
    await chart.waitFor();
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await chart.locator('.recharts-reference-line').count()).toBeGreaterThan(0);
    const benchmarks = (await api.GET('/api/benchmarks', { params: { query: {} } })).data?.data ?? [];
    const first = benchmarks[0];
    const scores = await api.GET('/api/benchmarks/{id}/scores', {
      params: { path: { id: first?.id as string }, query: { per_page: 1000 } },
    });
    // A grouped benchmark charts one group at a time ("name, GROUP: distribution of …").
    const label = (await chart.getAttribute('aria-label')) ?? '';
    const group = /^[^,:]+, (.+): distribution of/.exec(label)?.[1];
    const shown = (scores.data?.data ?? []).filter(
      (d) => group === undefined || groupName(d.group) === group,
    );
    expect(label).toContain(`distribution of ${shown.length} document score`);
    await card.getByRole('tab', { name: /Flagged documents/ }).click();
    const flagged = scores.data?.data.filter((d) => d.flagged) ?? [];
    if (flagged.length > 0) {
      const table = card.getByRole('table', { name: /flagged documents/ });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(flagged.length);
    } else {
      await card.getByText('No document is flagged.').waitFor();
    }
    await card.getByRole('tab', { name: 'Runs' }).click();
    await expect
      .poll(() => card.getByRole('table', { name: /runs$/ }).locator('tbody tr').count())
      .toBeGreaterThan(0);
    await card.getByRole('tab', { name: 'Values per group' }).click();
    await shot(b.page, 'benchmarks');
  });

  it('shows the RFC 9457 detail of a failed call, and empty states', async () => {
    const missing = '00000000-0000-7000-8000-000000000000';
    await b.page.goto(`${baseUrl}/documents/${missing}`);
    const answer = await api.GET('/api/v1/documents/{id}', { params: { path: { id: missing } } });
    const detail = (answer.error as { detail: string }).detail;
    await expect.poll(() => b.page.getByTestId('problem').textContent()).toContain(detail);
    b.errors.length = 0; // the 404 answer is logged by the browser as a failed resource
    await b.page.goto(`${baseUrl}/alerts`);
    await b.page.getByText('SNOOZED', { exact: true }).click();
    await expect.poll(() => b.page.getByTestId('empty').first().textContent()).toMatch(/^No snoozed alerts/);
  });

  it("loads the first page without the other pages' code, well under 1.6 MB", async () => {
    const load = firstLoad(path.join(root, 'packages', 'web', 'dist'));
    console.log(
      `first page: ${(load.bytes / 1024).toFixed(0)} kB (${(load.gzip / 1024).toFixed(0)} kB gzip) in ${load.files.length} files`,
    );
    expect(load.bytes).toBeLessThan(1.2 * 1024 * 1024);
    const fresh = await openBrowser(1280, 900);
    try {
      const assets: string[] = [];
      fresh.page.on('request', (r) => {
        if (r.url().includes('/assets/')) assets.push(new URL(r.url()).pathname);
      });
      await fresh.page.goto(`${baseUrl}/#key=${apiKey}&org=demo-procurement`);
      await fresh.page.getByRole('table', { name: 'Documents' }).waitFor();
      expect(
        assets.some((a) => /\/(Plugins|Benchmarks|CartesianChart|Ontology)-/.test(a)),
        assets.join(' '),
      ).toBe(false);
      expect(fresh.errors).toEqual([]);
      expect(fresh.violations).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('shows every other page with its data', async () => {
    const pages: [string, string, string][] = [
      ['/contracts', 'Contracts', 'contracts'],
      ['/alerts', 'Alerts', 'alerts'],
      ['/review', 'Review', 'review-queue'],
      ['/webhooks', 'Webhooks', 'webhooks'],
      ['/invitations', 'My invitations', 'my-invitations'],
      ['/admin', 'System admin', 'admin'],
    ];
    for (const [to, link, name] of pages) {
      await visit(b.page, to, link);
      await expect
        .poll(() => b.page.getByLabel('Loading').count(), { message: `${to} keeps loading`, timeout: 20_000 })
        .toBe(0);
      expect(await b.page.getByTestId('problem').count(), `${to} shows an error`).toBe(0);
      await shot(b.page, name);
    }
    // The admin page's two lists load side by side; on a busy machine the second may still be
    // on its way when the first is done.
    await expect
      .poll(() => b.page.getByRole('table', { name: 'Organizations' }).locator('tr').count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1);
  });

  it('lists undated contracts after the dated ones', async () => {
    await visit(b.page, '/contracts', 'Contracts');
    const rows = b.page.getByRole('table', { name: 'Contracts' }).locator('tbody tr');
    await rows.first().waitFor();
    const renewals = await rows.locator('td:nth-child(3)').allTextContents();
    const dated = renewals.filter((r) => r !== '—');
    expect(dated.length, 'the demo has dated contracts').toBeGreaterThan(0);
    expect(renewals.slice(0, dated.length)).toEqual(dated);
  });

  it('sorts and filters contracts on the server, with the state in the address', async () => {
    const byVendor = async (order: 'asc' | 'desc') =>
      (
        (await api.GET('/api/contracts', { params: { query: { sort: 'vendor', order, per_page: 25 } } })).data
          ?.data ?? []
      ).map((c) => c.vendor);
    const ascending = await byVendor('asc');
    expect(ascending.length, 'the demo has contracts').toBeGreaterThan(1);
    await b.page.goto(`${baseUrl}/contracts?sort=vendor`);
    const table = b.page.getByRole('table', { name: 'Contracts' });
    const shown = async () => (await table.locator('tbody tr td:nth-child(1)').allTextContents()).join('\n');
    await expect.poll(shown).toBe(ascending.join('\n'));
    // Pressing the header asks the server for the other order, and the address follows.
    await table.getByRole('button', { name: /Vendor/ }).click();
    await b.page.waitForURL(
      (u) => u.searchParams.get('sort') === 'vendor' && u.searchParams.get('order') === 'desc',
    );
    await expect.poll(shown).toBe((await byVendor('desc')).join('\n'));
    const part = (ascending[0] ?? '').slice(0, 5).trim();
    await b.page.getByLabel('Vendor').fill(part);
    await b.page.waitForURL((u) => u.searchParams.get('vendor') === part);
    await expect
      .poll(async () =>
        (await shown()).split('\n').every((v) => v.toLowerCase().includes(part.toLowerCase())),
      )
      .toBe(true);
    await b.page.goBack();
    await b.page.waitForURL((u) => !u.searchParams.has('vendor'));
  });

  it("shows a renewal alert with the contract's renewal clause and a link to its document", async () => {
    await visit(b.page, '/alerts', 'Alerts');
    const clause = b.page.getByTestId('renewal-clause').first();
    await clause.waitFor();
    expect(await clause.locator('blockquote').count(), 'the quoted renewal or notice clause').toBeGreaterThan(
      0,
    );
    await clause.getByRole('link').click();
    await b.page.waitForURL('**/documents/*');
    await b.page.getByRole('heading', { level: 2 }).first().waitFor();
  });

  it('reprocesses a selection of two pages of documents in one bulk action', async () => {
    const total = (
      await api.GET('/api/v1/documents', { params: { query: { pageable: { page: 0, size: 1 } } } })
    ).data?.page.total_elements as number;
    const expected = 25 + Math.min(25, total - 25);
    expect(total, 'the demo has more than one page of documents').toBeGreaterThan(25);
    await b.page.goto(`${baseUrl}/documents`);
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    await b.page.getByLabel('Select the documents of this page').check();
    await b.page
      .getByRole('navigation', { name: 'Pages of documents' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await b.page.waitForURL((u) => u.searchParams.get('page') === '2');
    // Page 1's rows stay on screen until page 2's arrive: wait for the unchosen page.
    const pageBox = b.page.getByLabel('Select the documents of this page');
    await expect.poll(() => pageBox.isChecked()).toBe(false);
    await pageBox.check();
    await expect.poll(() => b.page.getByTestId('selection-count').textContent()).toBe(`${expected} selected`);
    await shot(b.page, 'bulk-actions');
    // The selection as a spreadsheet: a header and a row per chosen document.
    const [download] = await Promise.all([
      b.page.waitForEvent('download'),
      b.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^documents-\d{8}-\d{6}\.csv$/);
    const rows = parse(readFileSync(await download.path()), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(expected);
    expect(Object.keys(rows[0] ?? {}).slice(0, 4)).toEqual(['id', 'filename', 'status', 'labels']);
    await b.page.getByRole('button', { name: 'Reprocess' }).click();
    await expect
      .poll(() => b.page.getByTestId('bulk-outcome').textContent())
      .toContain(`reprocess: ${expected} done, 0 failed`);
    expect(await b.page.getByTestId('selection-count').count(), 'the selection is cleared').toBe(0);
  });

  it('finds the export and the bulk action in the audit log, filtered by action from its address', async () => {
    await b.page.goto(`${baseUrl}/audit-log?action=document.export`);
    const table = b.page.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('"format":"csv"');
    const actions = () => table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(await actions())).toEqual(new Set(['document.export']));
    await shot(b.page, 'audit-log');
    // Another filter, applied from the form, goes into the address and the list follows it.
    await b.page.getByLabel('Action').fill('document.bulk_reprocess');
    await b.page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(b.page.url()).searchParams.get('action')).toBe('document.bulk_reprocess');
    await expect.poll(async () => [...new Set(await actions())]).toEqual(['document.bulk_reprocess']);
  });

  it('is reachable with the keyboard', async () => {
    await b.page.goto(`${baseUrl}/documents`);
    await b.page.getByRole('heading', { name: 'Documents' }).waitFor();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await b.page.keyboard.press('Tab');
      reached = (await b.page.evaluate(() => document.activeElement?.textContent)) === 'Contracts';
    }
    expect(reached).toBe(true);
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL('**/contracts');
  });
});

describe('the web console on a phone', () => {
  let b: Console;
  beforeAll(async () => {
    b = await openBrowser(390, 844);
    await b.page.goto(`${baseUrl}/#key=${apiKey}&org=demo-procurement`);
  });
  afterEach(() => {
    expect(b.errors, 'browser console errors').toEqual([]);
    expect(b.violations, 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => b?.close());

  it('fits the screen and opens the navigation from the menu button', async () => {
    await b.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(b.page, 'phone-documents');
    await b.page.getByRole('button', { name: 'Toggle navigation' }).click();
    await b.page.getByRole('link', { name: 'Review', exact: true }).click();
    await b.page.getByRole('heading', { name: 'Review', exact: true }).waitFor();
    // The navigation slides away after the choice.
    await b.page.waitForFunction(
      () => (document.querySelector('nav')?.getBoundingClientRect().right ?? 0) <= 0,
    );
    await shot(b.page, 'phone-review');
  });
  it('fits every page on the screen', async () => {
    const pages: [string, string][] = [
      ['/review', 'Review'],
      ['/ontology', 'Ontology'],
      ['/contracts', 'Contracts'],
      ['/alerts', 'Alerts'],
      ['/benchmarks', 'Benchmarks'],
      ['/sources', 'Sources'],
      ['/plugins', 'Plugins'],
      ['/webhooks', 'Webhooks'],
      ['/api-keys', 'API keys'],
      ['/organization', 'Organization'],
      ['/audit-log', 'Audit log'],
      ['/invitations', 'My invitations'],
      ['/admin', 'System administration'],
    ];
    for (const [to] of pages) {
      await b.page.goto(`${baseUrl}${to}`);
      await b.page.getByRole('heading', { level: 2 }).first().waitFor();
      await expect
        .poll(() => b.page.getByLabel('Loading').count(), { message: `${to} keeps loading`, timeout: 20_000 })
        .toBe(0);
      const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${to} is wider than the phone`).toBeLessThanOrEqual(1);
    }
    await b.page.goto(`${baseUrl}/benchmarks`);
    await b.page
      .getByRole('img', { name: /distribution of/ })
      .first()
      .waitFor();
    await shot(b.page, 'phone-benchmarks');
  });
});

describe('the console signed in through a link, under its security headers', () => {
  let b: Console;
  beforeAll(async () => {
    b = await openBrowser(1280, 900);
  });
  afterAll(async () => b?.close());

  it('serves the page with a CSP that allows no inline script, no framing, no referrer, nosniff', async () => {
    const res = await b.page.goto(`${baseUrl}/documents`);
    const headers = res?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The listener of test/support/browser.ts sees what the CSP blocks: an injected inline script.
    const ran = await b.page.evaluate(() => {
      const w = window as unknown as { injected?: boolean };
      const el = document.createElement('script');
      el.textContent = 'window.injected = true';
      document.body.append(el);
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => b.violations.length).toBe(1);
    expect(b.violations[0]).toMatch(/^script-src-elem inline/);
    b.violations.length = 0;
    b.errors.length = 0; // Chromium also logs the refusal as a console error
  });

  it('exchanges the key of #key= for a session: the key leaves the address, the history and storage', async () => {
    await b.page.goto(`${baseUrl}/#key=${apiKey}&org=demo-procurement`);
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    expect(b.page.url()).not.toContain(apiKey);
    expect(await b.page.evaluate(() => window.location.hash)).toBe('');
    const stored = await b.page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      token: sessionStorage.getItem('dis.session'),
    }));
    expect(stored.local).not.toContain(apiKey);
    expect(stored.session).not.toContain(apiKey);
    expect(stored.token).toMatch(/^dcs_/);
    // The session token works for the API; the history entry before is the blank page, not the link.
    const session = createServiceClient({ baseUrl, token: stored.token as string });
    expect((await session.GET('/api/v1/users/me')).response.status).toBe(200);
    await b.page.goBack();
    expect(b.page.url()).not.toContain('key=');
    await b.page.goForward();
    expect(b.page.url()).not.toContain('key=');
    await b.page.getByRole('table', { name: 'Documents' }).waitFor();
    expect(b.errors).toEqual([]);
    expect(b.violations).toEqual([]);

    // Sign-out revokes the session on the server and forgets it in the tab.
    await b.page.getByRole('button', { name: 'Sign out' }).click();
    await b.page.getByLabel('API key or access token').waitFor();
    expect(await b.page.evaluate(() => sessionStorage.getItem('dis.session'))).toBeNull();
    await expect.poll(async () => (await session.GET('/api/v1/users/me')).response.status).toBe(401);
    expect(b.violations).toEqual([]);
  });

  it('cannot be framed by another page', async () => {
    const framer = await b.context.newPage();
    try {
      await framer.setContent(`<iframe id="console" src="${baseUrl}/documents"></iframe>`);
      await framer.waitForTimeout(1000);
      const frame = framer.frames().find((f) => f !== framer.mainFrame());
      // Chromium replaces a refused frame with its error page: the console never renders there.
      const rendered = frame
        ? await frame
            .locator('#root')
            .count()
            .catch(() => 0)
        : 0;
      expect(rendered).toBe(0);
    } finally {
      await framer.close();
      b.errors.length = 0; // the refused frame is logged as an error of the framing page
    }
  });
});
