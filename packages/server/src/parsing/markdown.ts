import { ParseError } from './errors.js';
import { type DecodedText, normalizeNewlines } from './text.js';
import type { DocumentMetadata, ParsedContent } from './types.js';

/**
 * Scores how clearly a text is Markdown (CommonMark block syntax): ATX headings, fenced code,
 * pipe tables, links, strong emphasis, list items, front matter. Used when the file name does
 * not say `.md`. Returns true only for a clear signal: a heading, fence, table or front matter
 * plus at least one more construct.
 */
export function hasMarkdownStructure(text: string): boolean {
  const sample = text.slice(0, 65_536);
  const headings = (sample.match(/^#{1,6}[ \t]+\S/gm) ?? []).length;
  const fences = (sample.match(/^(```|~~~)/gm) ?? []).length;
  const tables = (sample.match(/^\|?[ \t]*:?-{3,}:?[ \t]*\|/gm) ?? []).length;
  const frontMatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.test(sample) ? 1 : 0;
  const links = (sample.match(/\[[^\]\n]+\]\([^)\s]+\)/g) ?? []).length;
  const strong = (sample.match(/\*\*[^*\n]+\*\*|__[^_\n]+__/g) ?? []).length;
  const lists = (sample.match(/^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\S/gm) ?? []).length;
  const anchors = (headings > 0 ? 1 : 0) + (fences > 1 ? 1 : 0) + (tables > 0 ? 1 : 0) + frontMatter;
  const others = (links > 0 ? 1 : 0) + (strong > 0 ? 1 : 0) + (lists >= 2 ? 1 : 0) + (headings >= 2 ? 1 : 0);
  return anchors >= 1 && anchors + others >= 2;
}

/**
 * Parses Markdown: the text is the Markdown source (readable as is), without a YAML front
 * matter block. `metadata.title` comes from the front matter `title:` or the first `#` heading.
 * @throws ParseError `EMPTY` when no text remains.
 */
export function parseMarkdown(decoded: DecodedText): ParsedContent {
  let text = normalizeNewlines(decoded.text);
  const metadata: DocumentMetadata = { charset: decoded.charset };
  const front = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (front) {
    const title = /^title:[ \t]*(.+)$/m.exec(front[1] ?? '');
    if (title?.[1]) metadata.title = unquote(title[1].trim());
    text = text.slice(front[0].length).replace(/^\n+/, '');
  }
  if (!metadata.title) {
    const heading = /^#[ \t]+(.+?)[ \t#]*$/m.exec(text);
    if (heading?.[1]) metadata.title = heading[1].trim();
  }
  if (text.trim() === '') throw new ParseError('EMPTY', 'The document contains no text');
  return { text, pages: [text], metadata, attachments: [] };
}

function unquote(value: string): string {
  const m = /^(['"])(.*)\1$/.exec(value);
  return m?.[2] ?? value;
}
