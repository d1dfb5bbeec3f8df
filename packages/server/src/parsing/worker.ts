/**
 * The task of a parser worker thread (parsing/pool.ts): runs {@link parseDocument} and returns
 * its result or its ParseError as plain data, since class instances do not survive the thread
 * boundary (structured clone).
 */

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

export default async function parseTask(task: ParseTask): Promise<ParseOutcome> {
  try {
    return { ok: true, document: await parseDocument(task.bytes, task.options) };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, code: error.code, reason: error.reason };
    return { ok: false, code: 'CORRUPT', reason: `The document could not be read (${String(error)})` };
  }
}
