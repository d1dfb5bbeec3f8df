import type { ArchiveLimits } from './archive.js';

/**
 * Shapes shared by the parsing step (bytes → text, pages, metadata per detected type).
 * See `index.ts` for the entry point {@link parseDocument}.
 */

/** What the bytes were detected to be; drives which parser runs. */
export type DocumentKind = 'pdf' | 'docx' | 'html' | 'markdown' | 'text' | 'email' | 'image' | 'unknown';

/** Result of type detection: an IANA media type and the parser family. */
export interface DetectedType {
  /** Media type, e.g. `application/pdf`, `text/plain`, `message/rfc822`. */
  mime: string;
  kind: DocumentKind;
}

/**
 * Document metadata. Every field is optional; only what the format carries is set.
 * Dates are ISO 8601 strings (UTC when the source has a zone).
 */
export interface DocumentMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  /** Number of pages (PDF only). */
  page_count?: number;
  /** Charset the text was decoded from (text, markdown, html), e.g. `UTF-8`, `windows-1252`. */
  charset?: string;
  /** Email sender as `Name <address>` (RFC 5322 `From`). */
  from?: string;
  /** Email recipients, comma separated, as `Name <address>`. */
  to?: string;
  cc?: string;
  /** Email `Date`, or a document's creation date when it has no better one. */
  date?: string;
  message_id?: string;
  created?: string;
  modified?: string;
  /** Length in characters of the whole text when it was cut to the parse's `maxTextChars`. */
  text_truncated_from?: number;
  /** PDF producer / creator application. */
  producer?: string;
  creator?: string;
  [key: string]: string | number | undefined;
}

/** A file carried inside an email; the pipeline ingests it as a document of its own. */
export interface Attachment {
  /** Decoded file name (RFC 2231 / RFC 2047), or a generated `attachment-N.ext` when absent. */
  filename: string;
  /** Declared media type of the MIME part, lower case. */
  mime: string;
  bytes: Buffer;
}

/** Output of {@link parseDocument}. */
export interface ParsedDocument {
  mime: string;
  kind: Exclude<DocumentKind, 'unknown'>;
  /** Whole text, newlines normalised to `\n`. For PDFs: `pages.join('\n\n')`. */
  text: string;
  /** PDF: one entry per page (page 1 first). Other kinds: `[text]`. */
  pages: string[];
  metadata: DocumentMetadata;
  /** Email only: the attachments (nested `message/rfc822` included, as `.eml` files). */
  attachments: Attachment[];
}

/** What a kind-specific parser returns; {@link parseDocument} adds `mime` and `kind`. */
export type ParsedContent = Omit<ParsedDocument, 'mime' | 'kind'>;

/** Options of {@link parseDocument}. */
export interface ParseOptions {
  /** Original file name; a hint only (e.g. `.md`), never trusted over the bytes. */
  filename?: string;
  /** Media type declared by the uploader or the MIME part; a hint only. */
  declaredMime?: string;
  /** Wall-clock limit for the whole parse in milliseconds (default 60 000). */
  timeoutMs?: number;
  /** Largest input accepted in bytes (default 100 MiB). */
  maxBytes?: number;
  /** Bounds on ZIP-based files, checked before expansion (default DEFAULT_ARCHIVE_LIMITS of archive.ts). */
  archiveLimits?: ArchiveLimits;
  /**
   * Characters of text kept (default DEFAULT_MAX_TEXT_CHARS of index.ts): a longer text is cut,
   * and `metadata.text_truncated_from` says how long it was.
   */
  maxTextChars?: number;
}

/** Passed to the kind-specific parsers so long work can stop when the time limit is hit. */
export interface ParseContext {
  signal: AbortSignal;
}
