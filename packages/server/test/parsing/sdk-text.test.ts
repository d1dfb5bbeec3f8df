import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parsing/index.js';
import { fixturesDir } from './corpus.js';

// The text a plugin gets from these files is checked in beside them (`<file>.txt`). The SDK's
// local harness (`service plugin run`, sdk/python/tests/test_html_text.py) must give the same
// text, so a change here that alters it is a change of the plugin contract: update the files
// with `vitest -u` and make the SDK match.
describe('the text of HTML and DOCX, as the SDK harness reproduces it', () => {
  it.each(['layout.html', 'standard-terms.html', 'cover-page.html', 'cover-page.docx', 'mutual-nda.docx'])(
    '%s',
    async (name) => {
      const doc = await parseDocument(readFileSync(path.join(fixturesDir, name)), { filename: name });
      await expect(doc.text).toMatchFileSnapshot(path.join(fixturesDir, `${name}.txt`));
    },
  );
});
