import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinPlugin } from '../../src/engine/builtin-plugins.js';

describe('built-in plugin code (engine/builtin-plugins.ts)', () => {
  const dirs: string[] = [];
  /** A plugins/ directory with the classifier file and a helper module of the given text. */
  const pluginsDir = (helper: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'builtins-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'classifier.py'), 'from service_builtins.classification import rules\n');
    mkdirSync(path.join(dir, 'service_builtins', 'classification'), { recursive: true });
    writeFileSync(path.join(dir, 'service_builtins', '__init__.py'), '');
    writeFileSync(path.join(dir, 'service_builtins', 'classification', 'rules.py'), helper);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('versions a plugin by its file and its helper package, so a helper change is a new id', () => {
    const a = builtinPlugin(pluginsDir('LIMIT = 1\n'), 'classifier');
    const same = builtinPlugin(pluginsDir('LIMIT = 1\n'), 'classifier');
    const changed = builtinPlugin(pluginsDir('LIMIT = 2\n'), 'classifier');
    expect(a.id).toMatch(/^builtin:classifier@[0-9a-f]{12}$/);
    expect(same.id).toBe(a.id);
    expect(changed.id).not.toBe(a.id);
    expect(changed.source).toBe(a.source);
  });

  it('versions a plugin by the data files of its helper package too (a rule of the rule book)', () => {
    const withRule = (pattern: string) => {
      const dir = pluginsDir('LIMIT = 1\n');
      mkdirSync(path.join(dir, 'service_builtins', 'rulebook', 'en'), { recursive: true });
      writeFileSync(
        path.join(dir, 'service_builtins', 'rulebook', 'en', 'term.toml'),
        `pattern = '${pattern}'\n`,
      );
      return builtinPlugin(dir, 'classifier').id;
    };
    expect(withRule('years?')).toBe(withRule('years?'));
    expect(withRule('years?')).not.toBe(withRule('months?'));
    expect(withRule('years?')).not.toBe(builtinPlugin(pluginsDir('LIMIT = 1\n'), 'classifier').id);
  });
});
