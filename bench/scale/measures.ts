/**
 * What bench/scale reads besides CPU (bench/throughput/cpu.ts): statement counts of the service's
 * processes, PostgreSQL's own counters and sizes for one database, the pipeline queue's wait
 * times, the bytes in the S3 bucket, and the resident memory of the processes over a run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type pg from 'pg';
import { CpuSampler } from '../throughput/cpu.js';

/** A connection that runs one statement (pg.Client, or a wrapper that counts the statements). */
export interface Queryable {
  // biome-ignore lint/suspicious/noExplicitAny: rows as node-postgres returns them
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Statements one process sent so far, per SQL text (bench/throughput/pg-statements.mjs). */
export interface StatementCounts {
  total: number;
  statements: Record<string, { count: number; cpuMs: number }>;
}

/**
 * The statement counts of the process `pid` now: sends it SIGUSR2, on which the preload
 * bench/throughput/pg-statements.mjs writes `<dir>/pg-statements-<pid>.json`, and waits (≤ 10 s)
 * for a write newer than the last one read.
 *
 * @throws Error when no new snapshot appears (the process runs without the preload)
 */
export async function statementSnapshot(pid: number, dir: string): Promise<StatementCounts> {
  const file = path.join(dir, `pg-statements-${pid}.json`);
  const read = () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StatementCounts & { seq: number }) : undefined);
  const before = read()?.seq ?? 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    try {
      const now = read();
      if (now && now.seq > before) return now;
    } catch {
      // caught mid-write; read again
    }
  }
  throw new Error(`no statement snapshot from process ${pid} in ${dir}`);
}

/** `b − a` per SQL text, and in total, summed over processes (same order as `a`). */
export function statementDelta(a: StatementCounts[], b: StatementCounts[]): StatementCounts {
  const statements: StatementCounts['statements'] = {};
  let total = 0;
  b.forEach((after, i) => {
    const before = a[i]?.statements ?? {};
    for (const [sql, e] of Object.entries(after.statements)) {
      const d = e.count - (before[sql]?.count ?? 0);
      if (d === 0) continue;
      const s = (statements[sql] ??= { count: 0, cpuMs: 0 });
      s.count += d;
      s.cpuMs += e.cpuMs - (before[sql]?.cpuMs ?? 0);
      total += d;
    }
  });
  return { total, statements };
}

/** Counters of one database from pg_stat_database (PostgreSQL 15 docs, "Monitoring Database Activity"). */
export interface DatabaseCounters {
  xacts: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  tupReturned: number;
  tupFetched: number;
  blksRead: number;
  blksHit: number;
  /** pg_database_size: bytes of the database's files (tables, indexes, TOAST; not the cluster's WAL). */
  sizeBytes: number;
}

/**
 * pg_stat_database's counters of `database` and its size. Backends publish their counters at
 * the end of a transaction at most once a second, and an idle one within 10 s
 * (PostgreSQL 15 shared-memory statistics), so a caller reads them after that delay or after
 * the connections closed.
 */
export async function databaseCounters(client: Queryable, database: string): Promise<DatabaseCounters> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select xact_commit + xact_rollback as xacts, tup_inserted, tup_updated, tup_deleted, tup_returned, tup_fetched,
            blks_read, blks_hit, pg_database_size(datname) as size
       from pg_stat_database where datname = $1`,
    [database],
  );
  const r = rows[0];
  return {
    xacts: Number(r.xacts),
    tupInserted: Number(r.tup_inserted),
    tupUpdated: Number(r.tup_updated),
    tupDeleted: Number(r.tup_deleted),
    tupReturned: Number(r.tup_returned),
    tupFetched: Number(r.tup_fetched),
    blksRead: Number(r.blks_read),
    blksHit: Number(r.blks_hit),
    sizeBytes: Number(r.size),
  };
}

/** The largest tables of the connected database with their indexes and TOAST, in bytes (pg_total_relation_size). */
export async function tableSizes(client: Queryable, limit = 8): Promise<{ table: string; bytes: number }[]> {
  const { rows } = await client.query(
    `select n.nspname || '.' || c.relname as table, pg_total_relation_size(c.oid) as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
      order by 2 desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({ table: r.table as string, bytes: Number(r.bytes) }));
}

/**
 * Seconds each pipeline job waited on the queue (pg-boss's `created_on` → `started_on` of
 * `document.process` jobs created since `since`; a retried job counts its last start), sorted.
 */
export async function queueWaits(client: Queryable, since: Date): Promise<number[]> {
  const { rows } = await client.query(
    `select extract(epoch from started_on - created_on) as wait from pgboss.job
      where name = 'document.process' and created_on >= $1 and started_on is not null order by 1`,
    [since],
  );
  return rows.map((r) => Number(r.wait));
}

/** The `q` quantile (0–1) of sorted numbers, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** Objects and bytes in `bucket` (ListObjectsV2, every page). */
export async function bucketBytes(s3: S3Client, bucket: string): Promise<{ objects: number; bytes: number }> {
  let token: string | undefined;
  let objects = 0;
  let bytes = 0;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) {
      objects++;
      bytes += o.Size ?? 0;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return { objects, bytes };
}

/** VmRSS of a process in MiB (proc(5)); 0 when it is gone. */
export function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Resident MiB of a process's WebAssembly memories (PGlite's heap in an embedded server): V8
 * reserves ~8 GiB of address space for each 32-bit memory and commits it from the bottom, so a
 * memory is a readable-writable mapping directly below an inaccessible one of at least 4 GiB
 * (proc(5) `smaps`). 0 when the process is gone.
 */
export function wasmRssMiB(pid: number): number {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return 0;
  }
  const maps: { start: bigint; end: bigint; perms: string; rssKiB: number }[] = [];
  for (const line of text.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) maps.push({ start: BigInt(`0x${range[1]}`), end: BigInt(`0x${range[2]}`), perms: range[3] as string, rssKiB: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssKiB = Number(rss[1]);
  }
  let kib = 0;
  for (let i = 1; i < maps.length; i++) {
    const [below, reserve] = [maps[i - 1], maps[i]] as [(typeof maps)[0], (typeof maps)[0]];
    const reserved = reserve.perms.startsWith('---') && reserve.end - reserve.start >= 4n << 30n;
    if (reserved && below.end === reserve.start && below.perms.startsWith('rw')) kib += below.rssKiB;
  }
  return kib / 1024;
}

/** Parent of every process now (the 4th field of /proc/<pid>/stat). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      out.set(Number(name), Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** Every descendant of `pid` (the Python plugin runtimes of a worker, their sandbox). */
function descendants(pid: number, tree: Map<number, number>): number[] {
  const found = new Set<number>([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of tree)
      if (!found.has(child) && found.has(parent)) {
        found.add(child);
        grew = true;
      }
  }
  found.delete(pid);
  return [...found];
}

/** One RSS sample: the documents finished so far and each watched process's RSS (MiB), its descendants' apart. */
export interface RssSample {
  documents: number;
  node: number[];
  /** Of `node`, each process's WebAssembly memories ({@link wasmRssMiB}). */
  wasm: number[];
  children: number[];
}

/**
 * Samples the RSS of `pids` (the Node processes) and of their descendants every `intervalMs`,
 * each sample tagged with `finished()` (documents done so far), until {@link stop}.
 */
export class RssSampler {
  readonly samples: RssSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(
    private readonly pids: number[],
    private readonly finished: () => number,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  private sample() {
    if (this.busy) return;
    this.busy = true;
    const tree = parents();
    this.samples.push({
      documents: this.finished(),
      node: this.pids.map(rssMiB),
      wasm: this.pids.map(wasmRssMiB),
      children: this.pids.map((p) => descendants(p, tree).reduce((a, c) => a + rssMiB(c), 0)),
    });
    this.busy = false;
  }

  stop(): RssSample[] {
    clearInterval(this.timer);
    this.sample();
    return this.samples;
  }
}

/**
 * CPU ticks (1/100 s) of the PostgreSQL cluster's background processes now — WAL writer,
 * checkpointer, background writer, autovacuum, the statistics and logical-replication
 * launchers — by pid: work the cluster does for every database, so it is shared with the
 * machine's other databases and only an upper bound of ours.
 */
export function clusterBackgroundTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!/^postgres: (\S+: )?(walwriter|checkpointer|background writer|autovacuum|logical replication|archiver)/.test(cmd))
        continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** CPU seconds the background processes of {@link clusterBackgroundTicks} spent between two readings. */
export function backgroundSeconds(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / 100;
}

/** Rows read per table so far: by sequential scans and fetched through indexes (pg_stat_user_tables). */
export async function tableReads(client: Queryable): Promise<Map<string, { seq: number; idx: number }>> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select schemaname || '.' || relname as table, coalesce(seq_tup_read, 0) as seq, coalesce(idx_tup_fetch, 0) as idx
       from pg_stat_user_tables`,
  );
  return new Map(rows.map((r) => [r.table as string, { seq: Number(r.seq), idx: Number(r.idx) }]));
}

/** Rows fetched through each index of `table` (`schema.table`) so far, by index (`schema.index`; pg_stat_user_indexes). */
export async function indexFetches(client: Queryable, table: string): Promise<Map<string, number>> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    `select schemaname || '.' || indexrelname as index, coalesce(idx_tup_fetch, 0) as fetched
       from pg_stat_user_indexes where schemaname || '.' || relname = $1`,
    [table],
  );
  return new Map(rows.map((r) => [r.index as string, Number(r.fetched)]));
}

/**
 * The tables that read the most rows between two {@link tableReads}, most first, less the rows
 * `minus` read (the bench's own, {@link SelfCountingConnection}).
 */
export function readsDelta(
  before: Map<string, { seq: number; idx: number }>,
  after: Map<string, { seq: number; idx: number }>,
  limit = 5,
  minus: Map<string, { seq: number; idx: number }> = new Map(),
): { table: string; seq: number; idx: number }[] {
  const delta = (table: string, a: { seq: number; idx: number }, k: 'seq' | 'idx') =>
    a[k] - (before.get(table)?.[k] ?? 0) - (minus.get(table)?.[k] ?? 0);
  return [...after]
    .map(([table, a]) => ({ table, seq: delta(table, a, 'seq'), idx: delta(table, a, 'idx') }))
    .sort((x, y) => y.seq + y.idx - (x.seq + x.idx))
    .slice(0, limit);
}

/**
 * A connection that counts the rows its own statements read from each user table, as
 * {@link tableReads} counts them (sequential scans: the table's `tuples_returned`; index fetches:
 * its and its indexes' `tuples_fetched`), so that a bench can take its own polling off the
 * service's reads. Each statement runs in a transaction between two readings of the backend's
 * pending counters (`pg_stat_get_xact_tuples_*` of every table and index, function calls that
 * read no catalog): those counters keep earlier transactions' counts until the backend flushes
 * them, so only the difference inside one transaction is the statement's. The counts reach
 * pg_stat_user_tables when the backend flushes (idle 10 s, or its exit: {@link end}).
 */
export class SelfCountingConnection implements Queryable {
  /** Rows read per table (`schema.table`) since {@link reset}. */
  readonly reads = new Map<string, { seq: number; idx: number }>();
  /** Rows fetched through each index (`schema.index`) since {@link reset}. */
  readonly indexFetches = new Map<string, number>();
  /** Statements run since {@link reset} (each one transaction). */
  statements = 0;
  /** Every user table's and index's oid, the table each counts for, and the index's name. */
  private relations: { oid: number; table: string; index: string | null }[] = [];

  constructor(private readonly client: pg.Client) {}

  /** Connects and reads the tables and indexes there are now (a table created later is not counted). */
  async connect(): Promise<void> {
    await this.client.connect();
    const { rows } = await this.client.query(
      `select t.relid::int as oid, t.schemaname || '.' || t.relname as table, null as index from pg_stat_user_tables t
       union all
       select i.indexrelid::int, i.schemaname || '.' || i.relname, i.schemaname || '.' || i.indexrelname
         from pg_stat_user_indexes i`,
    );
    this.relations = rows as { oid: number; table: string; index: string | null }[];
  }

  /** Starts counting afresh. */
  reset(): void {
    this.reads.clear();
    this.indexFetches.clear();
    this.statements = 0;
  }

  private async pending(): Promise<number[][]> {
    const { rows } = await this.client.query(
      `select pg_stat_get_xact_tuples_returned(r) as returned, pg_stat_get_xact_tuples_fetched(r) as fetched
         from unnest($1::oid[]) with ordinality as u(r, n) order by n`,
      [this.relations.map((r) => r.oid)],
    );
    return rows.map((r) => [Number(r.returned), Number(r.fetched)]);
  }

  // biome-ignore lint/suspicious/noExplicitAny: rows as node-postgres returns them
  async query(text: string, values?: unknown[]): Promise<{ rows: any[] }> {
    this.statements++;
    await this.client.query('begin');
    try {
      const before = await this.pending();
      const result = await this.client.query(text, values);
      const after = await this.pending();
      await this.client.query('commit');
      this.relations.forEach((r, i) => {
        const [returned, fetched] = (after[i] ?? [0, 0]).map((x, k) => x - (before[i]?.[k] ?? 0)) as [number, number];
        if (returned === 0 && fetched === 0) return;
        const t = this.reads.get(r.table) ?? { seq: 0, idx: 0 };
        // An index's returned entries are not rows of its table; its fetches are.
        if (r.index) this.indexFetches.set(r.index, (this.indexFetches.get(r.index) ?? 0) + fetched);
        else t.seq += returned;
        t.idx += fetched;
        this.reads.set(r.table, t);
      });
      return result;
    } catch (err) {
      await this.client.query('rollback').catch(() => undefined);
      throw err;
    }
  }

  /**
   * Closes the connection and waits (≤ 10 s) until its backend is gone, by then having flushed
   * its counters, as `observer` (another connection to the cluster) sees in pg_stat_activity.
   */
  async end(observer: Queryable): Promise<void> {
    this.statements++;
    const { rows } = await this.client.query('select pg_backend_pid() as pid');
    await this.client.end();
    for (let i = 0; i < 200; i++) {
      const gone = await observer.query('select 1 from pg_stat_activity where pid = $1', [rows[0].pid]);
      if (gone.rows.length === 0) return;
      await sleep(50);
    }
  }
}

/**
 * Bytes of the live rows against the files, over every table of the connected database with its
 * TOAST table (pgstattuple, which reads them whole; the extension is created in this database, so
 * call it on a throwaway one), and the indexes' file bytes. Dead rows (updated or deleted, not yet
 * vacuumed) and free space are what the files hold beyond the live rows: autovacuum makes them
 * reusable, the files do not shrink.
 */
export async function liveBytes(client: Queryable): Promise<{ files: number; live: number; dead: number; indexes: number }> {
  await client.query('create extension if not exists pgstattuple');
  const { rows } = await client.query(
    `with rels as (
       select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
       union all
       select c.reltoastrelid from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and c.reltoastrelid <> 0 and n.nspname not in ('pg_catalog', 'information_schema'))
     select sum(s.table_len) as files, sum(s.tuple_len) as live, sum(s.dead_tuple_len) as dead,
            (select sum(pg_indexes_size(c.oid)) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')) as indexes
       from rels, lateral pgstattuple(rels.oid) s`,
  );
  const r = rows[0];
  return { files: Number(r.files), live: Number(r.live), dead: Number(r.dead), indexes: Number(r.indexes) };
}

/**
 * Document `i` of a batch drawn from `pool` (file names under `corpus`): the `i mod n`-th file;
 * from the second round on with a PDF comment appended after `%%EOF` (`% bench copy k`), so that
 * its SHA-256 differs (uploads are deduplicated by content) while pdf.js parses it as the
 * original. Copies and originals are named apart.
 */
export function distinctCopy(corpus: string, pool: string[], i: number): { name: string; bytes: Buffer } {
  const file = pool[i % pool.length] as string;
  const bytes = readFileSync(path.join(corpus, file));
  const round = Math.floor(i / pool.length);
  if (round === 0) return { name: file, bytes };
  return { name: `copy${round}-${file}`, bytes: Buffer.concat([bytes, Buffer.from(`\n% bench copy ${round}\n`)]) };
}

/**
 * Prints RSS by documents done, a row per tenth of the batch (and the first and last samples):
 * each watched process (`names`, in the sampler's order) as its Node process + its descendants.
 */
export function printRss(samples: RssSample[], names: string[]): void {
  if (samples.length === 0) return;
  const last = samples.at(-1) as RssSample;
  const step = Math.max(1, Math.round(last.documents / 10));
  const rows: RssSample[] = [];
  for (let k = 0; k <= last.documents; k += step) {
    const s = samples.find((x) => x.documents >= k);
    if (s && !rows.includes(s)) rows.push(s);
  }
  if (!rows.includes(last)) rows.push(last);
  const mib = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
  console.log(
    `   RSS MiB by documents done (Node process [of which WebAssembly memories] + its Python runtimes): ${names.join(' | ')}`,
  );
  for (const s of rows)
    console.log(
      `     ${String(s.documents).padStart(5)}  ${s.node.map((m, i) => `${mib(m)} [${mib(s.wasm[i] ?? 0)}] + ${mib(s.children[i] ?? 0)}`).join(' | ')}`,
    );
}

/** Waits until the processes `pids` (with their runtimes) use under 0.1 core for a second (at most 3 minutes). */
export async function settle(pids: number[]): Promise<void> {
  for (let i = 0; i < 180; i++) {
    const probe = new CpuSampler(pids, undefined, 1000);
    probe.start();
    await sleep(1000);
    if (probe.stop().ours < 0.1) return;
  }
}
