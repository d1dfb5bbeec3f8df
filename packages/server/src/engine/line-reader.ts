import type { Readable } from 'node:stream';

/** What {@link readBoundedLines} does with a stream. */
export interface BoundedLineHandlers {
  /** One complete line, without its `\n`, decoded as UTF-8 (a trailing `\r` is kept). */
  onLine: (line: string, bytes: number) => void;
  /**
   * The line being read passed `maxLineBytes` before its `\n` arrived. Called once; the reader
   * stops (no further `onLine`) and drops what it buffered, so the caller should end the writer.
   *
   * @param bytes bytes of the unfinished line seen so far (more than `maxLineBytes`)
   */
  onOverflow: (bytes: number) => void;
}

/**
 * Reads newline-delimited records (JSON Lines, https://jsonlines.org) from `stream`, holding at
 * most `maxLineBytes` (plus one chunk) of an unfinished line in memory. Unlike `readline`, whose
 * line buffer grows without bound (a writer that never sends `\n` ends in `RangeError: Invalid
 * string length`), a line over the limit is never turned into a string: its chunks are dropped
 * and `onOverflow` is called.
 *
 * Chunks are kept as Buffers and decoded per line, so a multi-byte UTF-8 character split across
 * chunks decodes correctly. A final line without `\n` at the end of the stream is delivered.
 *
 * @param maxLineBytes largest line accepted, in bytes, without its `\n`
 * @returns a function that stops reading (detaches the listeners)
 */
export function readBoundedLines(
  stream: Readable,
  maxLineBytes: number,
  handlers: BoundedLineHandlers,
): () => void {
  let parts: Buffer[] = [];
  let pending = 0;
  let stopped = false;

  const stop = () => {
    stopped = true;
    parts = [];
    pending = 0;
    stream.off('data', onData);
    stream.off('end', onEnd);
  };

  const emit = (line: Buffer) => {
    if (line.length > maxLineBytes) {
      overflow(line.length);
      return;
    }
    handlers.onLine(line.toString('utf8'), line.length);
  };

  const overflow = (bytes: number) => {
    stop();
    // Keep draining so the writer is not blocked on a full pipe while the caller stops it.
    stream.resume();
    handlers.onOverflow(bytes);
  };

  function onData(chunk: Buffer | string) {
    if (stopped) return;
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (;;) {
      const nl = buf.indexOf(0x0a);
      if (nl < 0) break;
      const head = buf.subarray(0, nl);
      const line = parts.length === 0 ? head : Buffer.concat([...parts, head], pending + head.length);
      parts = [];
      pending = 0;
      emit(line);
      if (stopped) return;
      buf = buf.subarray(nl + 1);
    }
    if (buf.length === 0) return;
    pending += buf.length;
    if (pending > maxLineBytes) {
      overflow(pending);
      return;
    }
    // A copy, so a large chunk is not pinned by a small unfinished tail.
    parts.push(buf.length < 4096 ? Buffer.from(buf) : buf);
  }

  function onEnd() {
    if (stopped || pending === 0) return;
    const line = Buffer.concat(parts, pending);
    parts = [];
    pending = 0;
    emit(line);
  }

  stream.on('data', onData);
  stream.on('end', onEnd);
  return stop;
}
