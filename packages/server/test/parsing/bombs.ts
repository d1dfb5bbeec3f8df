import { crc32, createDeflateRaw } from 'node:zlib';
import { strToU8, Zip, type ZipInputFile, ZipPassThrough } from 'fflate';

/**
 * A valid Word document whose `word/document.xml` is `megabytes` MiB of repeated paragraphs,
 * deflated (the .docx "zip bomb" of issue 10: about 1 MB on disk per 300 MB of XML). Built by
 * streaming, so the XML is never held in memory whole.
 */
export async function zipBombDocx(megabytes: number): Promise<Buffer> {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const stored = (name: string, text: string) => {
    const f = new ZipPassThrough(name);
    zip.add(f);
    f.push(strToU8(text), true);
  };
  stored(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  stored(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  // Deflated by zlib (native, streaming), then stored in the archive as a deflated entry.
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => compressed.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const put = (b: Uint8Array) => {
    crc = crc32(b, crc);
    size += b.length;
    deflate.write(b);
  };
  put(
    strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    ),
  );
  const paragraph = '<w:p><w:r><w:t>All work and no play makes a zip bomb.</w:t></w:r></w:p>';
  const mib = strToU8(paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length)));
  for (let i = 0; i < megabytes; i++) put(mib);
  put(strToU8('</w:body></w:document>'));
  deflate.end();
  await done;
  const doc: ZipInputFile = {
    filename: 'word/document.xml',
    size,
    crc,
    compression: 8,
    terminate: () => undefined,
  };
  zip.add(doc);
  doc.ondata?.(null, Buffer.concat(compressed), true);
  zip.end();
  return Buffer.concat(out);
}
