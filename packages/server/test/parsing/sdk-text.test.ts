import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/parsing/index.js';
import { corpusDir, fixturesDir } from './corpus.js';

const emailDir = path.join(corpusDir, 'email');
const emails = readdirSync(emailDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(path.join(emailDir, dir.name))
      .filter((name) => name.endsWith('.eml'))
      .map((name) => `${dir.name}/${name}`),
  );

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

describe("the text of the corpus's emails, as the SDK harness reproduces it", () => {
  it('finds the emails', () => {
    expect(emails.length).toBeGreaterThanOrEqual(25);
  });

  it.each(emails)('%s', async (name) => {
    const doc = await parseDocument(readFileSync(path.join(emailDir, name)), {
      filename: path.basename(name),
    });
    await expect(doc.text).toMatchFileSnapshot(path.join(fixturesDir, 'email-text', `${name}.txt`));
  });
});
