/**
 * Why a document could not be parsed.
 * - `ENCRYPTED`: password-protected.
 * - `CORRUPT`: damaged, truncated or not what its type claims.
 * - `EMPTY`: zero bytes, or no extractable text (e.g. a scanned PDF without OCR).
 * - `UNSUPPORTED_TYPE`: a format the service does not read (images, archives, unknown binary).
 * - `TOO_LARGE`: over the size limit.
 * - `TIMEOUT`: parsing took longer than the time limit.
 */
export type ParseErrorCode = 'ENCRYPTED' | 'CORRUPT' | 'EMPTY' | 'UNSUPPORTED_TYPE' | 'TOO_LARGE' | 'TIMEOUT';

/** The only error {@link parseDocument} rejects with. `reason` is a sentence fit to show a user. */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly code: ParseErrorCode;
  readonly reason: string;

  constructor(code: ParseErrorCode, reason: string, options?: { cause?: unknown }) {
    super(`${code}: ${reason}`, options);
    this.code = code;
    this.reason = reason;
  }
}

/** Reason used for PDFs (and other documents) that hold no text layer. */
export const NO_TEXT_REASON = 'No text could be extracted; scanned PDFs need OCR, which is not enabled';

/** Short description of an unknown thrown value, for error reasons. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
