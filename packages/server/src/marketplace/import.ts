import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { HttpProblem } from '../http/problem.js';
import { entitlementRegistration, fromRegistration } from './schemas.js';
import { registerEntitlement } from './service.js';

/** Outcome of one record of an import file. */
export interface ImportOutcome {
  /** 1-based record number (CSV: data row after the header). */
  record: number;
  entitlement_id: string | undefined;
  result: 'created' | 'updated' | 'error';
  error?: string;
}

/**
 * Splits CSV text (RFC 4180: comma-separated, `"` quoting with `""` escapes, CRLF or LF) into rows.
 * Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * Reads an import file into records: `.csv` with a header row naming the registration fields
 * (entitlement_id, account_id, email, plan, status, starts_at, ends_at; empty cells are omitted),
 * otherwise JSON: an array of registrations or `{"entitlements": [...]}`.
 *
 * @throws Error when the file cannot be parsed
 */
export async function readImportFile(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  if (path.extname(file).toLowerCase() === '.csv') {
    const [head, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    if (!head) return [];
    const names = head.map((h) => h.trim().toLowerCase());
    return rows.map((cells) =>
      Object.fromEntries(
        names.flatMap((n, j) => {
          const v = (cells[j] ?? '').trim();
          return v === '' ? [] : [[n, v]];
        }),
      ),
    );
  }
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed) ? parsed : (parsed as { entitlements?: unknown })?.entitlements;
  if (!Array.isArray(list)) throw new Error('expected a JSON array or {"entitlements": [...]}');
  return list as Record<string, unknown>[];
}

/**
 * Registers every record of an import file as POST /marketplace/entitlements would; a bad record
 * is reported and the others still go in.
 */
export async function importEntitlements(
  ctx: Pick<AppContext, 'db'>,
  file: string,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportOutcome[]> {
  const records = await readImportFile(file);
  const outcomes: ImportOutcome[] = [];
  for (const [index, record] of records.entries()) {
    onProgress?.(index, records.length);
    const id = typeof record.entitlement_id === 'string' ? record.entitlement_id : undefined;
    const parsed = entitlementRegistration.safeParse(record);
    if (!parsed.success) {
      const msg = parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ');
      outcomes.push({ record: index + 1, entitlement_id: id, result: 'error', error: msg });
      continue;
    }
    try {
      const { created } = await registerEntitlement(ctx, fromRegistration(parsed.data));
      outcomes.push({ record: index + 1, entitlement_id: id, result: created ? 'created' : 'updated' });
    } catch (err) {
      const msg = err instanceof HttpProblem ? err.detail : (err as Error).message;
      outcomes.push({ record: index + 1, entitlement_id: id, result: 'error', error: msg });
    }
  }
  onProgress?.(records.length, records.length);
  return outcomes;
}
