/**
 * Pure rules that turn an extracted contract document into contract fields (docs/contracts.md
 * "Fields"). Input shapes are those of the built-in extractor (plugins/contract_extractor.py):
 * dates `YYYY-MM-DD`, durations `{value, unit, iso}`, money `{amount, currency}`.
 */
import type { DurationValue } from '../db/schema-contracts.js';
import { valueForColumn, valueForField } from '../fields/registry.js';
import { durationMonths, isIsoDate, parseDuration } from './renewal.js';

/**
 * Whether a document's label path is under a contract root label. Convention of every
 * organization's ontology: the root label (first on the path) is named `Contract`, `Contracts`,
 * or starts with one of them followed by a space or punctuation (`Contracts - Supply`), any case.
 */
export function isContractPath(labels: readonly string[]): boolean {
  const root = labels[0];
  return root !== undefined && /^contracts?(?![a-z0-9])/i.test(root.trim());
}

/** The contract type: the leaf label of the path (the root label itself for a bare `Contract`). */
export function contractType(labels: readonly string[]): string {
  return labels[labels.length - 1] ?? 'Contract';
}

/** An organization identity (api-decisions §2 OrganizationIdentityCreateRequest). */
export interface Identity {
  kind: string;
  value: string;
}

const LEGAL_SUFFIX =
  /\b(incorporated|inc|llc|l l c|ltd|limited|corp|corporation|co|company|lp|llp|plc|gmbh|ag|sa|nv|bv|pte|pty|sarl|oy|kk|se)\b/g;

/** Lower-cased name without punctuation, legal-form suffixes or a leading "the". */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(LEGAL_SUFFIX, ' ')
    .replace(/^\s*the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a party name designates the organization: it equals or contains (as whole words) one
 * of its LEGAL_NAME identities after {@link normalizeName}, or contains the first label of one of
 * its DOMAIN / EMAIL_DOMAIN identities (`acme.com` → `acme`). TAX_ID identities never match a name.
 */
export function isOwnParty(party: string, identities: readonly Identity[]): boolean {
  const p = ` ${normalizeName(party)} `;
  if (p.trim() === '') return false;
  for (const id of identities) {
    let needle = '';
    if (id.kind === 'LEGAL_NAME') needle = normalizeName(id.value);
    else if (id.kind === 'DOMAIN' || id.kind === 'EMAIL_DOMAIN') {
      const host = id.value
        .toLowerCase()
        .replace(/^.*@/, '')
        .replace(/^www\./, '');
      needle = normalizeName(host.split('.')[0] ?? '');
    }
    if (needle && p.includes(` ${needle} `)) return true;
  }
  return false;
}

/**
 * The vendor: `data.counterparty` when it is a non-empty string, else the first of `data.parties`
 * that is not one of the organization's identities, else the first party, else `Unknown vendor`.
 */
export function vendorOf(data: Record<string, unknown>, identities: readonly Identity[]): string {
  const counterparty = data.counterparty;
  if (typeof counterparty === 'string' && counterparty.trim()) return counterparty.trim();
  const parties = Array.isArray(data.parties)
    ? data.parties.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim())
    : [];
  return parties.find((p) => !isOwnParty(p, identities)) ?? parties[0] ?? 'Unknown vendor';
}

/** A money value `{amount, currency}`, or a bare number / numeric string. */
export function parseMoney(raw: unknown): { amount: number; currency: string | null } | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { amount: raw, currency: null } : undefined;
  if (typeof raw === 'string') {
    const n = Number(raw.replace(/[,\s]/g, ''));
    return raw.trim() && Number.isFinite(n) ? { amount: n, currency: null } : undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as { amount?: unknown; currency?: unknown };
  const amount = typeof o.amount === 'string' ? Number(o.amount) : o.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  return { amount, currency: typeof o.currency === 'string' ? o.currency.toUpperCase() : null };
}

/** Words before an amount saying it is per year. */
const ANNUAL_CUE = /\b(annual(ly)?|per\s+(year|annum)|yearly|each\s+year|a\s+year|p\.?\s?a\.?)\b/i;

/**
 * The annual value of the contract from `contract_value`:
 * - the amount as is when the text around it says it is annual (`context`: ~80 characters
 *   before and after the amount in the document, from the extraction evidence), or when the
 *   term is unknown or at most 12 months;
 * - otherwise a total over a longer term: amount × 12 / term in months (rounded to cents).
 * Null when there is no amount.
 */
export function annualValueOf(
  contractValue: unknown,
  term: DurationValue | null,
  context: string | null,
): number | null {
  const money = parseMoney(contractValue);
  if (!money) return null;
  const months = term
    ? (durationMonths(term) ?? (term.unit === 'week' ? (term.value * 12) / 52 : term.value / 30.4375))
    : undefined;
  if (context && ANNUAL_CUE.test(context)) return money.amount;
  if (!months || months <= 12) return money.amount;
  return Math.round(((money.amount * 12) / months) * 100) / 100;
}

/** ISO 4217 currency: `data.currency` when a 3-letter code, else the currency of contract_value. */
export function currencyOf(data: Record<string, unknown>): string | null {
  const c = data.currency;
  if (typeof c === 'string' && /^[A-Za-z]{3}$/.test(c.trim())) return c.trim().toUpperCase();
  return parseMoney(data.contract_value)?.currency ?? null;
}

/** The contract fields read from an extraction, before the renewal computation. */
export interface ExtractedContract {
  vendor: string;
  type: string;
  effectiveDate: string | null;
  expirationDate: string | null;
  term: DurationValue | null;
  renewalTerm: DurationValue | null;
  noticePeriod: DurationValue | null;
  annualValue: number | null;
  currency: string | null;
}

/**
 * Reads the contract fields of an extracted document (`data` = extraction data, `labels` = its
 * label path). Malformed values are ignored (treated as absent), never thrown.
 */
export function readExtraction(
  data: Record<string, unknown>,
  labels: readonly string[],
  identities: readonly Identity[],
  valueContext: string | null = null,
): ExtractedContract {
  const date = (v: unknown) => (isIsoDate(v) ? v : null);
  // The ontology may call a field by an alias (`notice_period_to_terminate_renewal`,
  // `start_date`): read each column through the shared field registry.
  const canonical: Record<string, unknown> = {
    counterparty: valueForColumn(data, 'vendor'),
    parties: valueForField(data, 'parties'),
    contract_value: valueForColumn(data, 'annual_value'),
    currency: valueForColumn(data, 'currency'),
  };
  const term = parseDuration(valueForColumn(data, 'term')) ?? null;
  return {
    vendor: vendorOf(canonical, identities),
    type: contractType(labels),
    effectiveDate:
      date(valueForColumn(data, 'effective_date')) ?? date(valueForField(data, 'agreement_date')),
    expirationDate: date(valueForColumn(data, 'expiration_date')),
    term,
    renewalTerm: parseDuration(valueForColumn(data, 'renewal_term')) ?? null,
    noticePeriod: parseDuration(valueForColumn(data, 'notice_period')) ?? null,
    annualValue: annualValueOf(canonical.contract_value, term, valueContext),
    currency: currencyOf(canonical),
  };
}
