/**
 * Ignore patterns of a source connection (docs/sources.md "Ignoring files"): which files of a
 * synced folder are not documents. A connection's `configs.ignore_patterns` lists glob patterns
 * matched against each incoming file's path relative to the source, and the defaults below apply
 * unless `configs.ignore_defaults` is false. The sync skips a matching item before it downloads
 * its content or creates a document, and counts it in the sync's `documents_ignored`.
 *
 * Matching follows gitignore where it can, with minimatch: a pattern without a slash matches the
 * name in any folder (`README.md`, `*.tmp`); a pattern with one matches the whole relative path
 * (`drafts/**`, `/README.md` only at the top); a pattern naming a folder (`.stversions`,
 * `archive/`) matches every file under it; `*` matches names starting with a dot; case counts.
 */
import { Minimatch } from 'minimatch';

/** The configs keys the service reads itself; a SourcePlugin never receives them. */
export const IGNORE_CONFIG_KEYS = ['ignore_patterns', 'ignore_defaults'] as const;

/** Limits of `configs.ignore_patterns`: how many patterns, and characters per pattern. */
export const IGNORE_LIMITS = { patterns: 200, length: 200 } as const;

/**
 * Operating-system and editor junk no one means as a document, ignored in every source unless
 * `ignore_defaults: false`. The same idea and mostly the same list as Paperless-ngx's default
 * `PAPERLESS_CONSUMER_IGNORE_PATTERNS` (docs.paperless-ngx.com, configuration): macOS Finder
 * metadata (`.DS_Store`) and AppleDouble files (`._*`), Windows' thumbnail cache and folder
 * settings (`Thumbs.db`, `desktop.ini`), Microsoft Office's lock files of an open document
 * (`~$*`), LibreOffice's (`.~lock.*#`), and Syncthing's folder marker and versions folder
 * (`.stfolder`, `.stversions`).
 */
export const DEFAULT_IGNORE_PATTERNS: readonly string[] = [
  '.DS_Store',
  '._*',
  'Thumbs.db',
  'desktop.ini',
  '~$*',
  '.~lock.*#',
  '.stfolder',
  '.stversions',
];

/**
 * Why a pattern cannot be used, or undefined when it can. A leading `!` (gitignore's
 * re-inclusion) is refused: minimatch would read it as "everything but", so a list holding it
 * would ignore nearly every file.
 */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.startsWith('!')) return 'negated patterns (a leading "!") are not supported';
  if (pattern.replace(/^\/+|\/+$/g, '') === '') return 'a pattern must name something besides "/"';
  return undefined;
}

/** The file's path relative to the source: `folder/name` (folder without its leading "/"), or the name. */
export function relativePath(filename: string, folder: unknown): string {
  const dir = typeof folder === 'string' ? folder.replace(/^\/+|\/+$/g, '') : '';
  return dir ? `${dir}/${filename}` : filename;
}

/** One compiled pattern: its matcher and whether it names folders only (a trailing "/"). */
interface Compiled {
  matcher: Minimatch;
  foldersOnly: boolean;
}

function compile(pattern: string): Compiled | undefined {
  if (patternProblem(pattern)) return undefined;
  const foldersOnly = pattern.endsWith('/');
  const anchored = pattern.startsWith('/');
  const body = pattern.replace(/^\/+|\/+$/g, '');
  const matcher = new Minimatch(body, {
    dot: true,
    // A slashless pattern matches the last segment anywhere, as in gitignore; "/name" only at the top.
    matchBase: !anchored,
    nocomment: true,
    nonegate: true,
  });
  return { matcher, foldersOnly };
}

/** The folders a path lies in, outermost first: `a/b/c.pdf` → `a`, `a/b`. */
function foldersOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * The ignore rule of a connection's configs: a function telling whether a file (its path
 * relative to the source, `relativePath`) is ignored. Unusable entries are left out (the API
 * refuses them; the sync reads stored configs leniently).
 */
export function ignoreMatcher(configs: Record<string, unknown>): (path: string) => boolean {
  const own = Array.isArray(configs.ignore_patterns)
    ? configs.ignore_patterns.filter((p): p is string => typeof p === 'string' && p !== '')
    : [];
  const patterns = [...(configs.ignore_defaults === false ? [] : DEFAULT_IGNORE_PATTERNS), ...own];
  const compiled = patterns.map(compile).filter((c): c is Compiled => c !== undefined);
  if (compiled.length === 0) return () => false;
  return (path) => {
    const clean = path.replace(/^\/+/, '');
    const folders = foldersOf(clean);
    return compiled.some(
      (c) => (!c.foldersOnly && c.matcher.match(clean)) || folders.some((f) => c.matcher.match(f)),
    );
  };
}

/** The configs a SourcePlugin sees and is checked against: the connection's, without the service's keys. */
export function pluginConfigs(configs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(configs).filter(([k]) => !(IGNORE_CONFIG_KEYS as readonly string[]).includes(k)),
  );
}
