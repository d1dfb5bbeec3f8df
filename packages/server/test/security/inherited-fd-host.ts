/**
 * A plugin host in a process of its own, for hostile-sandbox.test.ts: that test starts it with an
 * extra open descriptor (fd 3, a secret file), as a server inherits one from whatever started it,
 * and this runs HOSTILE's command (argv[2]) once in organization `org-b`'s sandboxed runtime and
 * prints the report.
 */
import { PluginHost } from '../../src/engine/plugin-host.js';
import type { PluginError } from '../../src/engine/runtime-protocol.js';
import { resolveSandbox } from '../../src/engine/sandbox.js';
import { classifyArgs, limits, python } from '../engine/fixtures.js';
import { HOSTILE } from './hostile.js';

const host = new PluginHost({
  python,
  limits,
  poolSize: 1,
  recycleAfter: 100,
  log: () => undefined,
  sandbox: resolveSandbox(python, 'bwrap'),
});
const err = (await host
  .call('org-b', { id: 'hostile@1', source: HOSTILE }, 'classify', classifyArgs(process.argv[2] ?? '{}'))
  .catch((e: unknown) => e)) as PluginError;
await host.close();
process.stdout.write(err.message);
