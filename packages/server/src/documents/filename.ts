/** Longest stored file name, in UTF-16 code units (the `documents.filename` column's cut since 0001). */
export const MAX_FILENAME_LENGTH = 500;

/** Longest extension kept when a name is cut (`.pdf`, `.docx`, `.tar.gz` fit). */
const MAX_EXTENSION_LENGTH = 16;

/** User-perceived characters (Unicode extended grapheme clusters, UAX #29). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `name` cut at its end until `fits` accepts it, keeping its extension (up to
 * {@link MAX_EXTENSION_LENGTH} units after the last dot) and never splitting a character: not a
 * surrogate pair (an emoji), nor a letter from its combining accent or a ZWJ emoji sequence.
 * Unchanged when it fits already; the extension alone (or `''`) when no character of the stem fits.
 *
 * @param fits the limit, e.g. UTF-16 length or UTF-8 bytes; must accept `''`
 */
export function cutFilename(name: string, fits: (candidate: string) => boolean): string {
  if (fits(name)) return name;
  const dot = name.lastIndexOf('.');
  let extension = dot > 0 && name.length - dot <= MAX_EXTENSION_LENGTH ? name.slice(dot) : '';
  if (!fits(extension)) extension = '';
  let cut = '';
  for (const { segment } of graphemes.segment(name.slice(0, name.length - extension.length))) {
    if (!fits(cut + segment + extension)) break;
    cut += segment;
  }
  return cut + extension;
}

/**
 * The name a document is stored under: the last segment of a path (an attachment or a plugin may
 * name `../../x.pdf` or `C:\scans\x.pdf`; browsers send the base name alone, RFC 7578 §4.2),
 * without control characters, cut to {@link MAX_FILENAME_LENGTH} by {@link cutFilename};
 * `document` when nothing is left.
 */
export function documentFilename(raw: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  if (base === '' || base === '.' || base === '..') return 'document';
  return cutFilename(base, (s) => s.length <= MAX_FILENAME_LENGTH);
}
