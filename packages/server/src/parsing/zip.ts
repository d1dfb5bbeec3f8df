import { inflateRawSync } from 'node:zlib';

/**
 * Reads one entry of a ZIP archive (PKWARE APPNOTE.TXT §4.3: end of central directory →
 * central directory → local header). Supports stored (0) and deflated (8) entries, not ZIP64
 * or encryption. Used only for small OOXML parts such as `docProps/core.xml`.
 *
 * @param maxBytes largest uncompressed size accepted (default 1 MiB)
 * @returns the entry's bytes, or undefined when the entry is absent or unreadable. Never throws.
 */
export function readZipEntry(zip: Uint8Array, name: string, maxBytes = 1_048_576): Buffer | undefined {
  try {
    const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
      if (buf.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return undefined;
    const count = buf.readUInt16LE(eocd + 10);
    let p = buf.readUInt32LE(eocd + 16);
    for (let n = 0; n < count && p + 46 <= buf.length; n++) {
      if (buf.readUInt32LE(p) !== 0x02014b50) return undefined;
      const method = buf.readUInt16LE(p + 10);
      const compressed = buf.readUInt32LE(p + 20);
      const size = buf.readUInt32LE(p + 24);
      const nameLen = buf.readUInt16LE(p + 28);
      const extraLen = buf.readUInt16LE(p + 30);
      const commentLen = buf.readUInt16LE(p + 32);
      const local = buf.readUInt32LE(p + 42);
      const entryName = buf.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extraLen + commentLen;
      if (entryName !== name) continue;
      if (size > maxBytes || buf.readUInt32LE(local) !== 0x04034b50) return undefined;
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + compressed);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
      return undefined;
    }
    return undefined;
  } catch {
    return undefined;
  }
}
