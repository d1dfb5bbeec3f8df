/**
 * Self time of V8 CPU profiles (`.cpuprofile`, as `node --cpu-prof` or bench/large/split.ts write
 * them), summed over the files given: by kind (PGlite's WebAssembly, its JavaScript, drizzle,
 * the server's code, Fastify, Node's internals, the garbage collector) and the top functions, in
 * ms per `--per` calls (e.g. the number of searches the profiles hold). A sample's time is the
 * delta to the next sample (V8's `timeDeltas`).
 *
 * Run: npx tsx bench/large/profile-summary.ts [--per n] [--top n] file.cpuprofile...
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { per: { type: 'string', default: '1' }, top: { type: 'string', default: '15' } },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a function is, from its name and script. */
function kind({ functionName, url }: ProfileNode['callFrame']): string {
  if (url.startsWith('wasm://') || functionName.startsWith('wasm-') || functionName.startsWith('js-to-wasm'))
    return 'PGlite WebAssembly';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') return functionName;
  if (url.includes('@electric-sql/pglite')) return 'PGlite JavaScript';
  if (url.includes('drizzle-orm')) return 'drizzle';
  if (url.includes('zod') || url.includes('fastify-type-provider-zod')) return 'zod';
  if (url.includes('fastify') || url.includes('find-my-way') || url.includes('light-my-request')) return 'fastify';
  if (url.includes('packages/server/')) return 'server code';
  if (url.startsWith('node:') || url === '') return 'node internals / native';
  return 'other JavaScript';
}

const byKind = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    // The time of a sample is until the next one (the last one's is unknown: its own delta).
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    if (!node) return;
    const k = kind(node.callFrame);
    if (k === '(idle)') return;
    total += us;
    byKind.set(k, (byKind.get(k) ?? 0) + us);
    const f = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/packages\//, '')}`;
    byFunction.set(f, (byFunction.get(f) ?? 0) + us);
  });
}
const per = Number(args.per);
const ms = (us: number) => (us / 1000 / per).toFixed(1).padStart(7);
console.log(`${files.length} profiles, ${ms(total)} ms of samples per call (idle excluded)`);
for (const [k, us] of [...byKind].sort((a, b) => b[1] - a[1]))
  console.log(`  ${k.padEnd(28)} ${ms(us)} ms  ${((100 * us) / total).toFixed(0).padStart(3)} %`);
console.log('top functions by self time:');
for (const [f, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top)))
  console.log(`  ${ms(us)} ms  ${f.slice(0, 110)}`);
