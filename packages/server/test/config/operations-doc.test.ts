import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot, settingNames } from '../../src/config.js';

/**
 * docs/operations.md is the operator's list of settings. Every table row whose first cell names
 * SERVICE_* variables documents them; its second cell is the default: a literal in backticks
 * (optionally followed by a parenthetical), or prose for defaults that depend on something else.
 */
interface DocumentedSetting {
  variable: string;
  /** The literal default, or undefined when the docs describe it in words. */
  literal: string | undefined;
  line: number;
}

function documentedSettings(): DocumentedSetting[] {
  const lines = readFileSync(path.join(repoRoot, 'docs', 'operations.md'), 'utf8').split('\n');
  const out: DocumentedSetting[] = [];
  lines.forEach((text, i) => {
    const cells = text.split('|').map((c) => c.trim());
    // A row: `| first | default | meaning |` splits into ['', first, default, meaning, ''].
    if (cells.length < 5 || !cells[1]?.startsWith('`SERVICE_')) return;
    const variables = [...(cells[1] ?? '').matchAll(/`(SERVICE_[A-Z0-9_]+)`/g)].map((m) => m[1] as string);
    const literal = /^`([^`<…]*)`(\s*\(.*\))?$/.exec(cells[2] ?? '')?.[1];
    for (const variable of variables) out.push({ variable, literal, line: i + 1 });
  });
  return out;
}

// A fixed secret keeps loadConfig from writing one into the data directory.
const base = { SERVICE_SECRET_KEY: 'docs-test-secret-that-is-long-enough-0123456789' };

describe('docs/operations.md settings tables', () => {
  const documented = documentedSettings();
  const names = new Set(documented.map((d) => d.variable));

  it('document every setting the Config reads', () => {
    expect(settingNames().filter((v) => !names.has(v))).toEqual([]);
  });

  it('document nothing the Config does not read, and each setting once', () => {
    const known = new Set(settingNames());
    expect(
      documented.filter((d) => !known.has(d.variable)).map((d) => `${d.variable} (line ${d.line})`),
    ).toEqual([]);
    expect(documented.length).toBe(names.size);
  });

  it('give the defaults the Config applies: setting a documented default changes nothing', () => {
    const unset = loadConfig(base);
    const literals = documented.filter((d) => d.literal !== undefined);
    expect(literals.length).toBeGreaterThan(60);
    for (const { variable, literal, line } of literals) {
      const explicit = loadConfig({ ...base, [variable]: literal });
      expect(explicit, `${variable} = \`${literal}\` (docs/operations.md line ${line})`).toEqual(unset);
    }
  });
});
