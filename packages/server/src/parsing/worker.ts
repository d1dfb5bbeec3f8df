/**
 * The task of a parser worker thread (parsing/pool.ts): runs {@link parseDocument} and returns
 * its result or its ParseError as plain data, since class instances do not survive the thread
 * boundary (structured clone).
 */

import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { ParsedDocument, ParseErrorCode, ParseOptions } from './index.js';
import { ParseError, parseDocument } from './index.js';

/** What the pool sends: the file and the parse options. */
export interface ParseTask {
  bytes: Uint8Array;
  options: ParseOptions;
}

/** What the worker answers. */
export type ParseOutcome =
  | { ok: true; document: ParsedDocument }
  | { ok: false; code: ParseErrorCode; reason: string };

/** The pool's settings of every thread it starts (piscina `workerData`). */
export interface ParserThreadData {
  /** A PDF the thread parses once before it takes its first task; none = start cold. */
  warmUpFile?: string;
}

/** Posted to the pool (piscina's `message` event) once a thread's warm-up is over. */
export interface ParserWarmUpReport {
  parserWarmUp: {
    /** CPU time of this thread's warm-up, in milliseconds (module load excluded). */
    cpuMs: number;
    /** Why the warm-up stopped early; the thread serves tasks either way. */
    error?: string;
  };
}

/**
 * Parses the warm-up PDF so that pdf.js is loaded and its code compiled before the first real
 * document (a cold thread spends ~0.5 s of CPU more on its first documents). One parse is enough:
 * two or three measured no better (docs/performance.md, task 13d).
 */
async function warmUp(file: string): Promise<ParserWarmUpReport> {
  const start = process.threadCpuUsage();
  let error: string | undefined;
  try {
    const bytes = await readFile(file);
    await parseDocument(new Uint8Array(bytes), { filename: 'warm-up.pdf' });
  } catch (err) {
    error = String(err);
  }
  const used = process.threadCpuUsage(start);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  return { parserWarmUp: error === undefined ? { cpuMs } : { cpuMs, error } };
}

const settings = (workerData ?? {}) as ParserThreadData;
// Top-level await: piscina imports this module before the thread takes any task.
if (settings.warmUpFile) parentPort?.postMessage(await warmUp(settings.warmUpFile));

export default async function parseTask(task: ParseTask): Promise<ParseOutcome> {
  try {
    return { ok: true, document: await parseDocument(task.bytes, task.options) };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, code: error.code, reason: error.reason };
    return { ok: false, code: 'CORRUPT', reason: `The document could not be read (${String(error)})` };
  }
}
