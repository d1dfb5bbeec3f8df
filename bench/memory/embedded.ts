/**
 * Memory of the embedded default over a long batch (issue 36: "a 1,000-document run whose RSS
 * stops growing after the first 200"): one `service-server serve` on a fresh data directory
 * (PGlite in-process, the pipeline's workers in-process, blobs on disk), `--documents` CUAD
 * PDFs uploaded after `--warm-up` others, the later rounds distinct copies
 * (bench/scale/measures.ts `distinctCopy`). It prints the server's RSS and its Python runtimes'
 * by documents done (a sample every 2 s, a row per tenth of the batch), beside the same server
 * idle before the batch: the baseline of this run. Documents done are read through the API (the
 * list's total, exact below its cap), as the database belongs to the server's process.
 *
 * Run: bench/memory/run [--documents=1000] [--warm-up=10]   (needs `make install`)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../packages/server/src/config.js';
import { distinctCopy, printRss, RssSampler, rssMiB, settle } from '../scale/measures.js';
import { apiClient, peakMiB, startService, stopService } from '../throughput/server.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000' },
    'warm-up': { type: 'string', default: '10' },
  },
});
const count = Number(args.documents);
const warmUp = Number(args['warm-up']);
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus', 'cuad', 'pdf');
const cuad = readdirSync(corpus).filter((f) => f.endsWith('.pdf')).sort();
const warmUpFiles = cuad.slice(cuad.length - warmUp);
const measuredPool = cuad.slice(0, cuad.length - warmUp);
const ontology = JSON.parse(readFileSync(path.join(repoRoot, 'plugins', 'demo_ontology.json'), 'utf8')).labels;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');


async function main() {
  console.log(
    `Memory of the embedded default: ${count} CUAD PDFs (${measuredPool.length} distinct, then copies) after ${warmUp} warm-up documents; load ${load()}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
  const serve = await startService(
    repoRoot,
    ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'],
    {
      SERVICE_DATA_DIR: dataDir,
      SERVICE_LOG_LEVEL: 'error',
      SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
      SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
    },
    [/listening on http/, /API key: \S+/],
  );
  try {
    const url = /listening on (http:\/\/\S+)/.exec(serve.output())?.[1] as string;
    const api = apiClient(url, /API key: (\S+)/.exec(serve.output())?.[1] as string);
    await api.json('PUT', '/api/v1/ontology', { labels: ontology });
    // The list's total is exact up to its page's offset + 1,000: an offset past the batch counts it all.
    const beyond = count + warmUp + 1;
    const total = async (status: string) =>
      (await api.json<{ page: { total_elements: number } }>('GET', `/api/v1/documents?status=${status}&size=1&page=${beyond}`))
        .page.total_elements;
    const finished = async () => (await total('PROCESSED')) + (await total('FAILED'));

    await settle([serve.pid]);
    const idle = rssMiB(serve.pid);
    for (const f of warmUpFiles) await api.upload(readFileSync(path.join(corpus, f)), f);
    while ((await finished()) < warmUpFiles.length) await sleep(500);
    await settle([serve.pid]);

    let done = 0;
    const rss = new RssSampler([serve.pid], () => done);
    rss.start();
    const t0 = Date.now();
    // Uploaded as a customer's import would: one after the other, the pipeline catching up behind.
    const uploading = (async () => {
      for (let i = 0; i < count; i++) {
        const d = distinctCopy(corpus, measuredPool, i);
        await api.upload(d.bytes, d.name);
      }
    })();
    while (done < count) {
      await sleep(1000);
      done = Math.max(0, (await finished()) - warmUpFiles.length);
    }
    await uploading;
    const seconds = (Date.now() - t0) / 1000;
    const samples = rss.stop();
    const failed = await total('FAILED');
    console.log(
      `\n== embedded (PGlite, in-process workers): ${count} docs in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(2)} docs/s` +
        `${failed ? `, ${failed} FAILED` : ''}; load ${load()}`,
    );
    console.log(`   baseline: the same server idle after start, before any document: ${idle.toFixed(0)} MiB`);
    printRss(samples, ['serve']);
    const settled = samples.filter((s) => s.documents >= Math.min(200, count / 5));
    const after = settled.map((s) => s.node[0] ?? 0);
    const wasm = settled.map((s) => s.wasm[0] ?? 0);
    if (after.length > 1) {
      const half = Math.floor(after.length / 2);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      console.log(
        `   after the first ${Math.min(200, count / 5)} documents: serve ${Math.min(...after).toFixed(0)}–${Math.max(...after).toFixed(0)} MiB; ` +
          `mean of the first half of those samples ${mean(after.slice(0, half)).toFixed(0)}, of the second ${mean(after.slice(half)).toFixed(0)} MiB; ` +
          `of which WebAssembly (PGlite) ${Math.min(...wasm).toFixed(0)}–${Math.max(...wasm).toFixed(0)} MiB; peak (VmHWM) ${peakMiB(serve.pid).toFixed(0)} MiB`,
      );
    }
  } finally {
    await stopService(serve.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
