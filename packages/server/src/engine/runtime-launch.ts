/**
 * The plain launch of the Python plugin runtime (`python -m service_sdk.runtime`) with its limits,
 * before any sandbox wraps it, and its isolated environment. Split from runtime-client.ts (issue 34).
 */
import path from 'node:path';
import { BUILTINS_PACKAGE, type RuntimeLimits } from './runtime-protocol.js';
import type { LaunchSpec } from './sandbox.js';

/** Environment of the runtime: no database URL, vault key or secret of the host (DESIGN.md §5). */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONHASHSEED: '0',
    OMP_NUM_THREADS: '1',
    OPENBLAS_NUM_THREADS: '1',
    // ONNX Runtime's Linux builds (1.2x+) keep a device id and an event cache in $HOME and try
    // to upload usage events unless opted out before it loads: nothing of ours leaves the machine.
    ORT_DISABLE_TELEMETRY: '1',
  };
}

/**
 * The runtime's launch in `workDir` (its home and working directory): its limits as arguments,
 * and the built-ins' helper package of `builtinsDir`, when given, on its path and bound read-only.
 */
export function runtimeLaunchSpec(
  python: string,
  limits: RuntimeLimits,
  workDir: string,
  builtinsDir: string | undefined,
): LaunchSpec {
  return {
    command: python,
    args: [
      '-m',
      'service_sdk.runtime',
      '--cpu-seconds',
      String(limits.cpuSeconds),
      '--memory-mb',
      String(limits.memoryMb),
      '--max-open-files',
      String(limits.maxOpenFiles),
      ...(builtinsDir ? ['--builtins-path', builtinsDir] : []),
      ...(limits.sharedCacheMb !== undefined ? ['--shared-cache-mb', String(limits.sharedCacheMb)] : []),
    ],
    env: isolatedEnv(workDir),
    cwd: workDir,
    readOnly: builtinsDir ? [path.join(builtinsDir, BUILTINS_PACKAGE)] : [],
    memoryMb: limits.memoryMb,
  };
}
