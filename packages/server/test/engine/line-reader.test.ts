import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBoundedLines } from '../../src/engine/line-reader.js';

/** Feeds `chunks` through a stream and collects what the reader reports. */
async function read(chunks: (string | Buffer)[], maxLineBytes: number) {
  const stream = new PassThrough();
  const lines: string[] = [];
  const overflows: number[] = [];
  readBoundedLines(stream, maxLineBytes, {
    onLine: (line) => lines.push(line),
    onOverflow: (bytes) => overflows.push(bytes),
  });
  for (const c of chunks) stream.write(c);
  stream.end();
  await new Promise((r) => setImmediate(r));
  return { lines, overflows };
}

describe('readBoundedLines', () => {
  it('splits JSON Lines however the chunks fall, keeping the last unterminated line', async () => {
    const { lines, overflows } = await read(['{"a":', '1}\n{"b"', ':2}\n\n{"c":3}'], 100);
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '', '{"c":3}']);
    expect(overflows).toEqual([]);
  });

  it('decodes a UTF-8 character split across two chunks', async () => {
    const euro = Buffer.from('"€"\n', 'utf8');
    const { lines } = await read([euro.subarray(0, 2), euro.subarray(2)], 100);
    expect(lines).toEqual(['"€"']);
  });

  it('accepts a line of exactly the limit and refuses one byte more', async () => {
    expect((await read([`${'x'.repeat(10)}\n`], 10)).lines).toEqual(['x'.repeat(10)]);
    const over = await read([`${'x'.repeat(11)}\nnext\n`], 10);
    expect(over.lines).toEqual([]);
    expect(over.overflows).toEqual([11]);
  });

  it('stops at the limit while a line without newline is still arriving, and reads nothing after', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    const { lines, overflows } = await read(['ok\n', ...Array(40).fill(chunk), '\nafter\n'], 1024 * 1024);
    expect(lines).toEqual(['ok']);
    expect(overflows).toHaveLength(1);
    expect(overflows[0]).toBeGreaterThan(1024 * 1024);
    expect(overflows[0]).toBeLessThanOrEqual(1024 * 1024 + chunk.length);
  });

  it('stops when asked', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    const stop = readBoundedLines(stream, 100, { onLine: (l) => lines.push(l), onOverflow: () => undefined });
    stream.write('one\n');
    await new Promise((r) => setImmediate(r));
    stop();
    stream.write('two\n');
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual(['one']);
  });
});
