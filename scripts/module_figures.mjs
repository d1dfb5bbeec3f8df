#!/usr/bin/env node
/**
 * Module and function sizes of the server for docs/architecture.md "Module size" (issue 34: no
 * source module over 500 lines, no function over 80).
 *
 * Counted over `packages/server/src/**\/*.ts` (declaration files excluded):
 * - a module's lines are its physical lines (as `wc -l` counts them: newline characters, plus one
 *   for a last line without one);
 * - a function is every function-like node the TypeScript compiler API parses: function
 *   declarations and expressions, arrow functions, methods, constructors and accessors, nested
 *   ones counted on their own (their lines count in the enclosing function's too); its lines run
 *   from the line of its first token (its docstring excluded) to the line of its last, inclusive.
 *
 * Usage: `node scripts/module_figures.mjs [--at REV] [--list]` (`--at`: count the files of a git
 * revision instead of the worktree, e.g. `--at main`; `--list`: print each module and function
 * over its limit). Needs the workspace's `typescript` package (npm install at the root).
 */
import path from 'node:path';
import ts from 'typescript';
import { SRC, sources } from './server_sources.mjs';

/** The limits of issue 34. */
const MODULE_LIMIT = 500;
const FUNCTION_LIMIT = 80;

/** Physical lines of `text`, as `wc -l` plus a last line without a newline. */
function lineCount(text) {
  const newlines = text.split('\n').length - 1;
  return text.length > 0 && !text.endsWith('\n') ? newlines + 1 : newlines;
}

/** A readable name of a function-like node: its own name, else the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)))
    return parent.name.getText();
  return '(anonymous)';
}

/**
 * `{name, line, lines, nested}` of every function-like node of `file` over FUNCTION_LIMIT lines;
 * `nested`: inside another function over the limit (e.g. the plugin closure of a route registrar).
 */
function longFunctions(relPath, text) {
  const file = ts.createSourceFile(relPath, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node, insideLong) => {
    let long = insideLong;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > FUNCTION_LIMIT) {
        found.push({ name: nameOf(node), line: first + 1, lines, nested: insideLong });
        long = true;
      }
    }
    ts.forEachChild(node, (child) => visit(child, long));
  };
  visit(file, false);
  return found;
}

const args = process.argv.slice(2);
const at = args.includes('--at') ? args[args.indexOf('--at') + 1] : undefined;
const files = sources(at);
const bigModules = [];
const bigFunctions = [];
for (const [p, text] of files) {
  const rel = path.relative(SRC, p);
  const lines = lineCount(text);
  if (lines > MODULE_LIMIT) bigModules.push({ rel, lines });
  for (const f of longFunctions(p, text)) bigFunctions.push({ rel, ...f });
}
bigModules.sort((a, b) => b.lines - a.lines);
bigFunctions.sort((a, b) => b.lines - a.lines);
console.log(`${SRC}${at ? ` at ${at}` : ''}: ${files.length} modules`);
console.log(`  modules over ${MODULE_LIMIT} lines:   ${bigModules.length}`);
const outermost = bigFunctions.filter((f) => !f.nested).length;
console.log(`  functions over ${FUNCTION_LIMIT} lines:  ${bigFunctions.length} (${outermost} not inside another one over the limit)`);
if (args.includes('--list')) {
  for (const m of bigModules) console.log(`  module   ${m.rel} ${m.lines}`);
  for (const f of bigFunctions) console.log(`  function ${f.rel}:${f.line} ${f.name} ${f.lines}`);
}
