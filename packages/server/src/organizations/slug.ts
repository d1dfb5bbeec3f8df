import { randomBytes } from 'node:crypto';

/** Slug rules: lowercase ASCII letters, digits and single hyphens, 2–63 characters (DNS-label-like). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,62}$/;

/** Derives a URL slug from a display name: accents folded, non-alphanumerics to hyphens. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return base.length >= 2 ? base : `org-${base}`.replace(/-+$/g, '');
}

/** A slug with a short random suffix, used when the derived one is taken. */
export function withSuffix(slug: string): string {
  return `${slug.slice(0, 54)}-${randomBytes(4).toString('hex')}`;
}
