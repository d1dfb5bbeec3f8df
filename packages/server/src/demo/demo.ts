import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.js';

/**
 * The demo of the main job, over the public HTTP API only, so it runs against any instance:
 * a demo organization with an ontology of contracts (CUAD types and Non-Disclosure), invoices
 * and policies ingests real documents from the corpus (`demoCorpusDir()`: `../shared/corpus` when
 * present, else the repository's `demo-corpus/`) and prints what came out.
 */
export interface DemoOptions {
  baseUrl: string;
  apiKey: string;
  corpusDir: string;
  /** CUAD contract PDFs to upload (plus 3 NDAs, 8 invoices, 2 policies). */
  contracts: number;
  /** How long to wait for processing, in seconds. */
  waitSeconds: number;
  out: (line: string) => void;
  /** Progress of the uploads and of the processing (e.g. a progress bar); called often. */
  progress?: (label: string, done: number, total: number) => void;
}

interface Doc {
  id: string;
  filename: string;
  status: string;
  error: string | null;
  labels: string[];
  extraction: { data: Record<string, unknown> } | null;
}

export const DEMO_SLUG = 'demo-procurement';

/** Files of the demo, chosen deterministically (sorted names) from the corpus. */
export function demoFiles(corpusDir: string, contracts: number): string[] {
  // A folder the corpus lacks (the repository's demo-corpus/ has no Kleister NDAs) gives nothing.
  const sorted = (dir: string, ext: RegExp) =>
    (existsSync(dir) ? readdirSync(dir) : [])
      .filter((f) => ext.test(f))
      .sort()
      .map((f) => path.join(dir, f));
  const cuad = sorted(path.join(corpusDir, 'cuad', 'pdf'), /\.pdf$/i);
  // Spread the pick over the alphabet so many contract types appear.
  const step = Math.max(1, Math.floor(cuad.length / contracts));
  const picked = cuad.filter((_, i) => i % step === 0).slice(0, contracts);
  const nda = sorted(path.join(corpusDir, 'kleister-nda', 'pdf'), /\.pdf$/i).slice(0, 3);
  const invoices = sorted(
    path.join(corpusDir, 'invoices', 'zugferd-facturx', 'XML-Rechnung', 'FX'),
    /\.pdf$/i,
  ).slice(0, 8);
  const policies = sorted(path.join(corpusDir, 'policies-md', 'privacy-policies'), /\.md$/i).slice(0, 2);
  return [...picked, ...nda, ...invoices, ...policies];
}

async function api<T>(
  opts: DemoOptions,
  method: string,
  url: string,
  body?: unknown,
  orgId?: string,
): Promise<T> {
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    res = await fetch(`${opts.baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${opts.apiKey}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(orgId ? { 'x-organization-id': orgId } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // Shared instances rate-limit; wait as told and try again.
    if (res.status !== 429 || attempt >= 5) break;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 5)));
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function demoOrganization(opts: DemoOptions): Promise<string> {
  const res = await fetch(`${opts.baseUrl}/api/v1/organizations/slug/${DEMO_SLUG}`, {
    headers: { authorization: `Bearer ${opts.apiKey}` },
  });
  if (res.ok) return ((await res.json()) as { id: string }).id;
  const org = await api<{ id: string }>(opts, 'POST', '/api/v1/organizations', {
    name: 'Demo Procurement',
    slug: DEMO_SLUG,
  });
  return org.id;
}

function cell(value: unknown, width: number): string {
  const s =
    value === undefined || value === null ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
  return s.length > width ? `${s.slice(0, width - 1)}…` : s.padEnd(width);
}

/** Runs the demo; resolves with the documents as the API shows them at the end. */
export async function runDemo(options: DemoOptions): Promise<Doc[]> {
  // Table rows are padded cells: no trailing blanks in what is printed.
  const opts = { ...options, out: (line: string) => options.out(line.trimEnd()) };
  checkCorpusDir(opts.corpusDir);
  const orgId = await demoOrganization(opts);
  const ontology = JSON.parse(readFileSync(path.join(repoRoot, 'plugins', 'demo_ontology.json'), 'utf8')) as {
    labels: unknown[];
  };
  await api(opts, 'PUT', '/api/v1/ontology', { labels: ontology.labels }, orgId);
  const files = demoFiles(opts.corpusDir, opts.contracts);
  opts.out(
    `Demo organization ${orgId} (slug ${DEMO_SLUG}): uploading ${files.length} documents from ${opts.corpusDir}`,
  );
  // The uploads come through the organization's manual-upload source, as the console's do.
  const manual = await api<{ id: string }>(
    opts,
    'POST',
    '/api/v1/sources/connect/manual-upload',
    undefined,
    orgId,
  );
  const ids: string[] = [];
  for (const file of files) {
    opts.progress?.('uploading ', ids.length, files.length);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), path.basename(file));
    form.append('source_id', manual.id);
    form.append('metadata', JSON.stringify({ demo: true, corpus_path: path.relative(opts.corpusDir, file) }));
    const res = await fetch(`${opts.baseUrl}/api/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'x-organization-id': orgId },
      body: form,
    });
    if (!res.ok) throw new Error(`upload ${path.basename(file)} → ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const deadline = Date.now() + opts.waitSeconds * 1000;
  // One list request per poll, not one per document.
  const pending = async () => {
    let n = 0;
    for (const status of ['RECEIVED', 'PROCESSING']) {
      const page = await api<{ page: { total_elements: number } }>(
        opts,
        'GET',
        `/api/v1/documents?status=${status}&size=1`,
        undefined,
        orgId,
      );
      n += page.page.total_elements;
    }
    return n;
  };
  let processed = 0;
  for (;;) {
    const left = await pending();
    processed = ids.length - Math.min(left, ids.length);
    opts.progress?.('processing', processed, ids.length);
    if (left === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  opts.out(`  processed ${processed}/${ids.length}`);
  const docs = await Promise.all(
    ids.map((id) => api<Doc>(opts, 'GET', `/api/v1/documents/${id}`, undefined, orgId)),
  );
  showDocuments(opts, docs);
  opts.out('');
  await showContractsAndBenchmarks(opts, orgId);
  await connectDevSource(opts, orgId);
  opts.out('');
  opts.out(
    `See them: curl -H "Authorization: Bearer <key>" -H "X-Organization-Id: ${orgId}" ${opts.baseUrl}/api/v1/documents`,
  );
  opts.out(`          (and ${opts.baseUrl}/api/contracts, /api/benchmarks, /api/alerts)`);
  return docs;
}

const isInvoice = (d: Doc) => d.labels[0] === 'Invoice';

/** Contracts and other documents with the contract fields, then the invoices with theirs. */
function showDocuments(opts: DemoOptions, docs: Doc[]) {
  const error = (d: Doc) => (d.error ? `  (${d.error})` : '');
  opts.out('');
  opts.out(
    `${cell('document', 44)} ${cell('status', 9)} ${cell('labels', 30)} ${cell('governing law', 16)} effective date`,
  );
  for (const d of docs.filter((d) => !isInvoice(d))) {
    const data = d.extraction?.data ?? {};
    opts.out(
      `${cell(d.filename, 44)} ${cell(d.status, 9)} ${cell(d.labels.join(' / '), 30)} ${cell(data.governing_law, 16)} ${cell(data.effective_date ?? data.agreement_date, 12)}${error(d)}`,
    );
  }
  const invoices = docs.filter(isInvoice);
  if (invoices.length === 0) return;
  opts.out('');
  opts.out(
    `${cell('invoice', 28)} ${cell('number', 14)} ${cell('date', 10)} ${cell('total', 14)} ${cell('seller', 26)} buyer`,
  );
  for (const d of invoices) {
    const data = d.extraction?.data ?? {};
    const total = data.total_amount as { amount?: number; currency?: string } | undefined;
    const money =
      total?.amount !== undefined
        ? `${total.amount.toFixed(2)} ${total.currency ?? data.currency ?? ''}`
        : undefined;
    opts.out(
      `${cell(d.filename, 28)} ${cell(data.invoice_number, 14)} ${cell(data.invoice_date, 10)} ${cell(money, 14)} ${cell(data.seller, 26)} ${cell(data.buyer, 30)}${error(d)}`,
    );
  }
}

/** The browser's part of an OAuth authorization: the provider's page redirects to the service's callback. */
async function authorizeInBrowser(authorizationUrl: string): Promise<string> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const callback = page.headers.get('location');
  if (page.status !== 302 || !callback) throw new Error(`authorization page → ${page.status}`);
  const connected = await fetch(callback);
  if (!connected.ok) throw new Error(`callback → ${connected.status}: ${await connected.text()}`);
  return ((await connected.json()) as { id: string }).id;
}

type SyncRun = {
  status: string;
  documents_created?: number;
  documents_ignored?: number;
  error?: string | null;
};

/**
 * What the demo's "Local files" source skips. Beside each agreement the folder holds a README.md
 * of questions and answers about that agreement ("How do I use this agreement?") and the
 * corpus's provenance (COMMITS.txt): files about the documents, not documents of the folder's
 * owner, which the classifier would otherwise read as contracts (docs/quality.md).
 */
const LOCAL_FILES_IGNORE = ['README.md', 'COMMITS.txt'];

/**
 * Gives the source the demo's ignore patterns unless it has its own (a user may have changed
 * them in the console). The OAuth initiation carries no configs, so this is a PATCH after the
 * callback, before the first sync.
 */
async function ensureIgnorePatterns(opts: DemoOptions, orgId: string, sourceId: string) {
  const source = await api<{ configs: Record<string, unknown> }>(
    opts,
    'GET',
    `/api/v1/sources/${sourceId}`,
    undefined,
    orgId,
  );
  if (source.configs.ignore_patterns !== undefined) return;
  await api(
    opts,
    'PATCH',
    `/api/v1/sources/${sourceId}`,
    { configs: { ...source.configs, ignore_patterns: LOCAL_FILES_IGNORE } },
    orgId,
  );
}

/** Starts a sync of the source and waits (up to 2 minutes) for its run to finish. */
async function syncOnce(opts: DemoOptions, orgId: string, sourceId: string): Promise<SyncRun | undefined> {
  await api(opts, 'POST', `/api/v1/sources/${sourceId}/sync`, undefined, orgId);
  let run: SyncRun | undefined;
  for (let i = 0; i < 120; i++) {
    const activity = await api<{ content: SyncRun[] }>(
      opts,
      'GET',
      `/api/v1/sources/${sourceId}/activity?size=1`,
      undefined,
      orgId,
    );
    run = activity.content[0];
    if (run && run.status !== 'RUNNING') break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return run;
}

/**
 * When the local OAuth development provider is on (`serve --demo`), connects a source through it
 * as a user would in a browser (initiate → authorization page → callback), gives it the demo's
 * ignore patterns and syncs it once. On a
 * second run the provider has forgotten its tokens (it keeps them in memory), so the refused sync
 * leads to a reconnect, as a user would do in the console, and the sync runs again.
 */
async function connectDevSource(opts: DemoOptions, orgId: string) {
  const providers = await api<{ provider: string; name: string }[]>(opts, 'GET', '/api/v1/sources/providers');
  const dev = providers.find((p) => p.provider === 'local_dev');
  if (!dev) return;
  const existing = await api<{ content: { id: string }[] }>(
    opts,
    'GET',
    '/api/v1/sources?provider=local_dev&size=1',
    undefined,
    orgId,
  );
  let sourceId = existing.content[0]?.id;
  let how = 'connected over OAuth';
  if (!sourceId) {
    const init = await api<{ authorization_url: string }>(
      opts,
      'POST',
      '/api/v1/sources/connect/initiate',
      { provider: 'local_dev', name: 'Local files' },
      orgId,
    );
    sourceId = await authorizeInBrowser(init.authorization_url);
  } else how = 'connected before';
  await ensureIgnorePatterns(opts, orgId, sourceId);
  let run = await syncOnce(opts, orgId, sourceId);
  const source = await api<{ status: string }>(opts, 'GET', `/api/v1/sources/${sourceId}`, undefined, orgId);
  if (source.status === 'REQUIRES_REAUTHORIZATION') {
    const again = await api<{ authorization_url: string }>(
      opts,
      'POST',
      `/api/v1/sources/${sourceId}/reconnect`,
      undefined,
      orgId,
    );
    await authorizeInBrowser(again.authorization_url);
    how = 'reconnected over OAuth (the development provider forgets its tokens on restart)';
    run = await syncOnce(opts, orgId, sourceId);
  }
  opts.out(
    `source "Local files" via ${dev.name}: ${how}, sync ${run?.status ?? 'pending'}, ${run?.documents_created ?? 0} new documents, ${run?.documents_ignored ?? 0} files ignored${run?.documents_ignored ? ` (${LOCAL_FILES_IGNORE.join(', ')})` : ''}${run?.error ? ` (${run.error})` : ''}`,
  );
}

/** Sample benchmarks registered by the demo, like a partner would (plugins/examples). */
const SAMPLE_BENCHMARKS = [
  'term_length_benchmark.py',
  'contract_value_benchmark.py',
  'invoice_total_benchmark.py',
];

/** Registers a plugin by name, or finds the one registered before (demo re-runs). */
async function ensurePlugin(opts: DemoOptions, orgId: string, name: string, code: string): Promise<string> {
  const res = await fetch(`${opts.baseUrl}/api/v1/plugins`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${opts.apiKey}`,
      'content-type': 'application/json',
      'x-organization-id': orgId,
    },
    body: JSON.stringify({ name, code, description: 'sample benchmark from plugins/examples' }),
  });
  if (res.ok) return ((await res.json()) as { id: string }).id;
  if (res.status !== 409) throw new Error(`register ${name} → ${res.status}: ${await res.text()}`);
  const list = await api<{ content: { id: string; name: string }[] }>(
    opts,
    'GET',
    '/api/v1/plugins?size=100',
    undefined,
    orgId,
  );
  const found = list.content.find((p) => p.name === name);
  if (!found) throw new Error(`plugin ${name} exists but is not listed`);
  return found.id;
}

interface RunSummary {
  status: string;
  documents: number;
  scored: number;
  flagged: number;
  error: string | null;
}

/** Contract records derived from the documents, the sample benchmarks' runs, and the alerts they raised. */
async function showContractsAndBenchmarks(opts: DemoOptions, orgId: string) {
  const contracts = await api<{ data: Record<string, unknown>[]; meta: { total: number } }>(
    opts,
    'GET',
    '/api/contracts?per_page=100&sort=renewal_date&order=asc',
    undefined,
    orgId,
  );
  // Upcoming renewals first (with the date by which notice must be given); lapsed ones are counted.
  const today = new Date().toISOString().slice(0, 10);
  const dated = contracts.data.filter((c) => typeof c.renewal_date === 'string');
  const upcoming = dated.filter((c) => (c.renewal_date as string) >= today);
  opts.out(
    `${contracts.meta.total} contract records: ${upcoming.length} renew from today on, ${dated.length - upcoming.length} ended before today, ${contracts.meta.total - dated.length} without a date`,
  );
  if (upcoming.length > 0) {
    opts.out(`  ${cell('vendor', 40)} ${cell('type', 16)} ${cell('renews', 10)} notice by`);
    for (const c of upcoming.slice(0, 5)) {
      opts.out(
        `  ${cell(c.vendor, 40)} ${cell(c.type, 16)} ${cell(c.renewal_date, 10)} ${cell(c.notice_deadline, 10)}`,
      );
    }
  }
  for (const file of SAMPLE_BENCHMARKS) {
    const name = file.replace(/\.py$/, '');
    const code = readFileSync(path.join(repoRoot, 'plugins', 'examples', file), 'utf8');
    const id = await ensurePlugin(opts, orgId, name, code);
    const run = await api<RunSummary>(opts, 'POST', `/api/benchmarks/${id}/runs`, undefined, orgId).catch(
      (err: Error): RunSummary => ({
        status: 'SKIPPED',
        documents: 0,
        scored: 0,
        flagged: 0,
        error: err.message,
      }),
    );
    opts.out(
      `benchmark ${cell(name, 26)} ${run.status}: ${run.documents} documents, ${run.scored} scored, ${run.flagged} flagged${run.error ? ` (${run.error})` : ''}`,
    );
  }
  const alerts = await api<{
    data: { kind: string; title: string; due_date: string | null }[];
    meta: { total: number };
  }>(opts, 'GET', '/api/alerts?per_page=100', undefined, orgId);
  const kinds = new Map<string, number>();
  for (const a of alerts.data) kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
  opts.out(`${alerts.meta.total} alerts: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`);
  for (const a of alerts.data) {
    opts.out(`  ${cell(a.kind, 26)} ${a.title}`);
  }
}

/** The demo's corpus folder is missing or holds none of its documents; the message says which. */
export class DemoCorpusError extends Error {}

/**
 * Checks that `corpusDir` is a corpus the demo can read.
 * @throws DemoCorpusError naming the folder and what a corpus holds, instead of a file-system stack trace
 */
export function checkCorpusDir(corpusDir: string): void {
  if (!existsSync(corpusDir) || !statSync(corpusDir).isDirectory())
    throw new DemoCorpusError(
      `the corpus folder ${corpusDir} does not exist: give a folder laid out like demo-corpus/ (cuad/pdf, invoices/…, policies-md/…) with --corpus or SERVICE_DEMO_CORPUS`,
    );
  if (demoFiles(corpusDir, 1).length === 0)
    throw new DemoCorpusError(
      `the corpus folder ${corpusDir} holds none of the demo's documents (cuad/pdf/*.pdf, kleister-nda/pdf/*.pdf, invoices/zugferd-facturx/XML-Rechnung/FX/*.pdf, policies-md/privacy-policies/*.md)`,
    );
}
