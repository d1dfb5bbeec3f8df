/**
 * The built-in extractor's rule book read for the API (issue 34): the `[[rule]]` records of
 * `<pluginsDir>/service_builtins/extraction/rulebook/<language>/*.toml`, the files the Python
 * matcher (`service_builtins.extraction.matcher`) compiles. Only what says what a rule is for
 * is kept (id, field, language, doc, examples, counterexamples, decisions, production, file);
 * the patterns stay with the matcher, which checks them and runs the examples in its tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';

/** The folder of the rule book under the plugins directory (config.pluginsDir). */
export const RULEBOOK_SUBDIR = path.join('service_builtins', 'extraction', 'rulebook');

/** A rule id as the matcher requires it: `<field>.<name>` in lower case (matcher `_ID`). */
export const RULE_ID = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;

const ruleRecord = z.object({
  id: z.string().regex(RULE_ID),
  field: z.string(),
  doc: z.string(),
  production: z.string(),
  examples: z.array(z.object({ text: z.string(), value: z.unknown().optional() })),
  counterexamples: z.array(z.string()).default([]),
  decisions: z.array(z.number().int()).default([]),
});

/** One rule of the book: what it is for, without its pattern. */
export interface ExtractionRule {
  id: string;
  field: string;
  /** The folder the rule is in: `en`, `de`, `fr`, or `any` for the language-neutral ones. */
  language: string;
  doc: string;
  production: string;
  /** Texts the pattern finds, with the value its production makes of the match when given. */
  examples: { text: string; value?: unknown }[];
  counterexamples: string[];
  /** Rows of docs/decisions.md the rule comes from. */
  decisions: number[];
  /** Its file, relative to the rule book (`en/notice.toml`). */
  source: string;
}

/**
 * Every rule of `<pluginsDir>/<RULEBOOK_SUBDIR>`, sorted by id; an empty list when the folder
 * is missing (a plugins directory without the built-ins).
 * @throws Error naming the file when a file is not TOML, a record lacks a key of
 *   {@link ExtractionRule}, or two records share an id (a broken checkout)
 */
export function loadRulebook(pluginsDir: string): ExtractionRule[] {
  const root = path.join(pluginsDir, RULEBOOK_SUBDIR);
  let languages: string[];
  try {
    languages = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
  const byId = new Map<string, ExtractionRule>();
  for (const language of languages.sort()) {
    const files = readdirSync(path.join(root, language)).filter((f) => f.endsWith('.toml'));
    for (const file of files.sort()) {
      const source = `${language}/${file}`;
      let data: { rule?: unknown };
      try {
        data = parse(readFileSync(path.join(root, language, file), 'utf8')) as { rule?: unknown };
      } catch (err) {
        throw new Error(`rule book ${source}: ${(err as Error).message}`);
      }
      const records = z.array(ruleRecord).safeParse(data.rule ?? []);
      if (!records.success) throw new Error(`rule book ${source}: ${records.error.message}`);
      for (const r of records.data) {
        const seen = byId.get(r.id);
        if (seen) throw new Error(`rule book ${source}: rule ${r.id} is also in ${seen.source}`);
        byId.set(r.id, { ...r, doc: r.doc.trim(), language, source });
      }
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
