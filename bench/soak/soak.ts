/**
 * A soak under faults (issue 37): PostgreSQL (a private throwaway cluster, never the machine's
 * shared server) with two `serve` and two `worker` processes; steady uploads and API reads from
 * two organizations; one worker SIGKILLed every `--kill-every` seconds (a supervisor starts it
 * again 5 s later); PostgreSQL restarted once (`pg_ctl -m fast restart`) at `--restart-at` of the
 * run; a webhook receiver failing a fifth of its calls (500). After the load it waits for the
 * pipeline and the webhook retries to drain, then prints:
 *   documents uploaded / processed / failed / lost / processed twice (a document with two
 *   `document.classified` or `document.extracted` events), webhook events sent / delivered /
 *   lost / delivered more than once, API answers by status (5xx split by whether they fell in the
 *   restart window), p50/p99 latency, and the RSS of each `serve` process at start and end.
 *
 * Run: bench/soak/run [--minutes 30] [--kill-every 120] [--restart-at 0.4] [--uploads-per-second 0.5]
 *   [--reads-per-second 4] [--drain-minutes 5]
 *   (needs `npm run build` and the Debian PostgreSQL binaries)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { postgresBinDir, startPrivateCluster } from '../../packages/server/test/support/pg-cluster.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    'kill-every': { type: 'string', default: '120' },
    'restart-at': { type: 'string', default: '0.4' },
    'uploads-per-second': { type: 'string', default: '0.5' },
    'reads-per-second': { type: 'string', default: '4' },
    'drain-minutes': { type: 'string', default: '5' },
  },
});
const durationMs = Number(args.minutes) * 60_000;
const killEveryMs = Number(args['kill-every']) * 1000;
const restartAtMs = durationMs * Number(args['restart-at']);
const uploadEveryMs = 1000 / Number(args['uploads-per-second']);
const readEveryMs = 1000 / Number(args['reads-per-second']);
const drainMs = Number(args['drain-minutes']) * 60_000;
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(repoRoot, 'packages/server/dist/cli.js');

const bin = postgresBinDir();
if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
const started = Date.now();
const since = () => ((Date.now() - started) / 1000).toFixed(0).padStart(5);
const log = (line: string) => console.log(`[${since()} s] ${line}`);

const cluster = await startPrivateCluster(bin);
const dataDir = mkdtempSync(path.join(tmpdir(), 'service-soak-'));
const children = new Set<ChildProcess>();
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SERVICE_'))),
  SERVICE_DATABASE_URL: cluster.url,
  SERVICE_DATA_DIR: dataDir,
  SERVICE_SECRET_KEY: 'soak-secret-key-that-is-long-enough-0123456789',
  SERVICE_LOG_LEVEL: 'warn',
  SERVICE_WORKERS: '0',
  SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
  SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,2,5,10,20,30,60,60,60,60',
  SERVICE_WEBHOOK_POLL_MS: '500',
  SERVICE_PLUGIN_WARM_PROCESSES: '1',
  SERVICE_RATE_LIMIT_PER_MINUTE: '100000',
  SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
};

function spawnService(argv: string[]): ChildProcess {
  const child = spawn(process.execPath, [cli, ...argv], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let tail = '';
  child.stderr?.on('data', (c: Buffer) => {
    tail = (tail + c.toString()).slice(-4000);
  });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && !stopping) log(`${argv[0]} ${child.pid} exited (${code ?? signal}): ${tail.slice(-800)}`);
  });
  return child;
}

function startServe(extra: string[]): Promise<{ child: ChildProcess; url: string; key?: string }> {
  const child = spawnService(['serve', '--port', '0', ...extra]);
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${out}`)));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API key: (dis_\w+)/.exec(out)?.[1];
      if (url && (extra.length === 0 || key)) resolve({ child, url, ...(key ? { key } : {}) });
    });
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}

/** Resident set size of a process in MiB (VmRSS, proc(5)). */
function rssMiB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

let stopping = false;
process.once('exit', () => {
  for (const c of children) kill(c);
});

// --- webhook receiver failing a fifth of its calls ---
const delivered = new Map<string, number>();
let receiverCalls = 0;
let receiverFailures = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    receiverCalls++;
    if (Math.random() < 0.2) {
      receiverFailures++;
      res.writeHead(500).end();
      return;
    }
    const id = String(req.headers['webhook-id'] ?? '');
    delivered.set(id, (delivered.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverAddress = receiver.address();
const receiverUrl = `http://127.0.0.1:${typeof receiverAddress === 'object' && receiverAddress ? receiverAddress.port : 0}/hook`;

// --- the service ---
const first = await startServe(['--bootstrap-admin', 'soak@example.com']);
const second = await startServe([]);
const serves = [first, second];
const adminKey = first.key as string;
log(`PostgreSQL ${cluster.url}; serve ${serves.map((s) => s.url).join(', ')}; receiver ${receiverUrl}`);

// --- API client with statistics ---
const statuses = new Map<string, number>();
const latencies: number[] = [];
let restartWindow: [number, number] | undefined;
let restartWindowErrors = 0;
let turn = 0;
async function api(
  method: string,
  route: string,
  opts: { org?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; json: unknown }> {
  const base = serves[turn++ % serves.length]?.url;
  const headers: Record<string, string> = { authorization: `Bearer ${adminKey}` };
  if (opts.org) headers['x-organization-id'] = opts.org;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  let status = 0;
  let json: unknown;
  try {
    const res = await fetch(`${base}${route}`, {
      method,
      headers,
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    json = await res.json().catch(() => undefined);
  } catch {
    status = 0;
  }
  latencies.push(performance.now() - t0);
  const now = Date.now();
  const inRestart = restartWindow && now >= restartWindow[0] && now <= restartWindow[1] + 5_000;
  const label = status === 0 ? 'connection error' : String(status);
  statuses.set(label, (statuses.get(label) ?? 0) + 1);
  if ((status === 0 || status >= 500) && inRestart) restartWindowErrors++;
  return { status, json };
}

const orgs: string[] = [];
for (const name of ['Soak One', 'Soak Two']) {
  const r = await api('POST', '/api/v1/organizations', { body: { name } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`create organization: ${r.status} ${JSON.stringify(r.json)}`);
  const id = (r.json as { id: string }).id;
  orgs.push(id);
  const hook = await api('POST', '/api/v1/webhooks', { org: id, body: { url: receiverUrl, event_types: ['*'] } });
  if (hook.status !== 201) throw new Error(`create webhook: ${hook.status} ${JSON.stringify(hook.json)}`);
}

// --- workers, and their killer ---
const workers: ChildProcess[] = [spawnService(['worker']), spawnService(['worker'])];
let kills = 0;

await sleep(20_000);
const rssStart = serves.map((s) => rssMiB(s.child.pid));
const workerRssStart = workers.map((w) => rssMiB(w.pid));
log(`warm: serve RSS ${rssStart.map((r) => r.toFixed(0)).join(' / ')} MiB; load ${loadavg()[0]?.toFixed(1)}`);
statuses.clear();
latencies.length = 0;

// --- load ---
const uploaded = new Map<string, string>(); // document id → organization
let uploadCount = 0;
const loadStart = Date.now();
const loadEnd = loadStart + durationMs;
const uploads = (async () => {
  while (Date.now() < loadEnd) {
    const org = orgs[uploadCount % 2] as string;
    const n = uploadCount++;
    const form = new FormData();
    const text =
      `SERVICES AGREEMENT ${n} ${Date.now()}\n\nThis Agreement is made between Acme Corp. and Supplier ${n} Ltd. ` +
      'Each party agrees to a term of one year. This Agreement shall be governed by the laws of the State of New York.\n' +
      'The parties agree to the terms set out herein. '.repeat(30);
    form.append('file', new Blob([text], { type: 'text/plain' }), `soak-${n}.txt`);
    void api('POST', '/api/v1/documents', { org, form }).then((r) => {
      const id = (r.json as { id?: string } | undefined)?.id;
      if (r.status === 202 && id) uploaded.set(id, org);
    });
    await sleep(uploadEveryMs);
  }
})();
const reads = (async () => {
  let i = 0;
  while (Date.now() < loadEnd) {
    const org = orgs[i++ % 2] as string;
    const ids = [...uploaded.keys()];
    const id = ids[Math.floor(Math.random() * ids.length)];
    void (i % 2 === 0 || !id
      ? api('GET', '/api/v1/documents?size=20', { org })
      : api('GET', `/api/v1/documents/${id}`, { org: uploaded.get(id) as string }));
    await sleep(readEveryMs);
  }
})();
const faults = (async () => {
  let nextKill = loadStart + killEveryMs;
  let restarted = false;
  while (Date.now() < loadEnd) {
    if (!restarted && Date.now() >= loadStart + restartAtMs) {
      restarted = true;
      const t0 = Date.now();
      // Open until the restart returns: an answer during it counts as in the window.
      restartWindow = [t0, Number.POSITIVE_INFINITY];
      await cluster.restart('fast');
      restartWindow = [t0, Date.now()];
      log(`PostgreSQL restarted (pg_ctl -m fast restart, ${Date.now() - t0} ms)`);
    }
    if (Date.now() >= nextKill) {
      nextKill += killEveryMs;
      const victim = kills % 2;
      const w = workers[victim] as ChildProcess;
      kill(w);
      kills++;
      log(`worker ${w.pid} SIGKILLed (${kills}); restarting it in 5 s`);
      await sleep(5_000);
      workers[victim] = spawnService(['worker']);
    }
    await sleep(500);
  }
})();
const progress = setInterval(() => {
  log(`uploaded ${uploaded.size}, API calls ${latencies.length}, load ${loadavg()[0]?.toFixed(1)}`);
}, 60_000);
await Promise.all([uploads, reads, faults]);
await sleep(2_000);
log(`load over: ${uploaded.size} documents uploaded; draining`);

// --- drain and count ---
const db = new pg.Client({ connectionString: cluster.url });
await db.connect();
const ids = [...uploaded.keys()];
const drainEnd = Date.now() + drainMs;
let open = ids.length;
let undelivered = 0;
while (Date.now() < drainEnd) {
  open = Number(
    (
      await db.query(`select count(*)::int as n from documents where id = any($1::uuid[]) and status in ('RECEIVED','PROCESSING')`, [
        ids,
      ])
    ).rows[0]?.n,
  );
  const events = await db.query(`select id from events where organization_id = any($1::uuid[])`, [orgs]);
  undelivered = events.rows.filter((r) => !delivered.has(r.id as string)).length;
  if (open === 0 && undelivered === 0) break;
  await sleep(2_000);
}
clearInterval(progress);
const rssEnd = serves.map((s) => rssMiB(s.child.pid));
const workerRssEnd = workers.map((w) => rssMiB(w.pid));
const alive = [...serves.map((s) => s.child), ...workers].filter((c) => c.exitCode === null && c.signalCode === null).length;

const byStatus = await db.query(
  `select status, count(*)::int as n from documents where id = any($1::uuid[]) group by 1 order by 1`,
  [ids],
);
const twice = await db.query(
  `select count(distinct data->>'document_id')::int as n from (
     select data, type from events where organization_id = any($1::uuid[])
       and type in ('document.classified', 'document.extracted')) e
   group by data->>'document_id', type having count(*) > 1`,
  [orgs],
);
const events = await db.query(`select id from events where organization_id = any($1::uuid[])`, [orgs]);
const lostEvents = events.rows.filter((r) => !delivered.has(r.id as string)).length;
const dupDeliveries = [...delivered.values()].filter((n) => n > 1).length;
await db.end();

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const total = latencies.length;
const count = (s: string) => byStatus.rows.find((r) => r.status === s)?.n ?? 0;
const fiveXX = [...statuses.entries()].filter(([s]) => s === 'connection error' || s.startsWith('5')).reduce((a, [, n]) => a + n, 0);
stopping = true;

console.log('');
console.log(`soak: ${Number(args.minutes)} min of load (+ drain ${((Date.now() - loadEnd) / 1000).toFixed(0)} s), 2 serve + 2 worker, PostgreSQL ${path.basename(path.dirname(bin))}`);
console.log(`  faults: ${kills} worker SIGKILLs (every ${killEveryMs / 1000} s), 1 PostgreSQL fast restart at ${((restartAtMs) / 60_000).toFixed(1)} min, receiver failing ${receiverFailures}/${receiverCalls} calls`);
console.log(`  documents: uploaded ${ids.length}, processed ${count('PROCESSED')}, failed ${count('FAILED')}, lost ${open}, processed twice ${twice.rows.length}`);
console.log(`  webhook events: sent ${events.rows.length}, delivered ${events.rows.length - lostEvents}, lost ${lostEvents}, delivered more than once ${dupDeliveries}`);
console.log(`  API: ${total} calls; by status ${[...statuses.entries()].sort().map(([s, n]) => `${s}: ${n} (${((100 * n) / total).toFixed(2)} %)`).join(', ')}`);
console.log(`  API 5xx/connection errors: ${fiveXX}, of which during the PostgreSQL restart (+5 s): ${restartWindowErrors}`);
console.log(`  latency: p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(latencies[total - 1] ?? 0).toFixed(0)} ms`);
console.log(`  RSS serve: start ${rssStart.map((r) => r.toFixed(0)).join(' / ')} MiB, end ${rssEnd.map((r) => r.toFixed(0)).join(' / ')} MiB (${rssStart.map((r, i) => `${(((rssEnd[i] ?? 0) / r - 1) * 100).toFixed(1)} %`).join(' / ')})`);
console.log(`  RSS worker (restarted after each kill): start ${workerRssStart.map((r) => r.toFixed(0)).join(' / ')} MiB, end ${workerRssEnd.map((r) => r.toFixed(0)).join(' / ')} MiB`);
console.log(`  processes alive at the end: ${alive} of 4; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);

for (const c of [...children]) kill(c);
receiver.close();
await cluster.destroy();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
