import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { PluginError } from '../engine/runtime-protocol.js';
import { HttpProblem } from '../http/problem.js';
import type * as repo from './repository.js';
import type { PluginCodeError } from './schemas.js';

/** Checking submitted plugin code: the validator's findings, then one load to read its class description. */

/**
 * Plugin code that failed validation (spec §7). Routes answer it with status 400 and the body
 * `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors"}}` (see {@link toInvalidPluginBody}).
 */
export class InvalidPluginCode extends Error {
  constructor(
    message: string,
    readonly errors: PluginCodeError[],
  ) {
    super(message);
  }
}

/** The spec §7 body of an {@link InvalidPluginCode}. */
export function toInvalidPluginBody(err: InvalidPluginCode) {
  return { error: { code: 'INVALID_PLUGIN_CODE' as const, message: err.message, errors: err.errors } };
}

const RUNTIME_TYPES: Record<string, repo.PluginType> = {
  source: 'SOURCE',
  classification: 'CLASSIFICATION',
  extraction: 'EXTRACTION',
  benchmark: 'BENCHMARK',
};

/** Remediation hints for the errors `load` can report (docs/plugin-runtime.md `load`). */
const LOAD_FIX: Record<string, string> = {
  SyntaxError: 'Fix the syntax error; `service validate <file>` shows the line.',
  PluginException:
    'Module-level code or the class constructor raised. Import only the standard library and service_sdk, ' +
    'and give the class a constructor without arguments. Reproduce it locally with `service plugin run`.',
  InvalidBaseClass:
    'Define exactly one class inheriting one of SourcePlugin, ClassificationPlugin, ExtractionPlugin or BaseBenchmark.',
  MissingMethod:
    'Implement the methods of the plugin type (spec 4.11) with their stated names and signatures.',
  InvalidClassAttribute:
    'Set the required class attributes, e.g. `source_state_model = MyState` where `class MyState(BaseSourceState)`.',
  Timeout: 'Module-level code must finish quickly; move slow work into the plugin methods.',
  ResourceLimitExceeded:
    'Module-level code used too much CPU time or memory; move work into the plugin methods.',
  CpuTimeExceeded: 'Module-level code used too much CPU time; move work into the plugin methods.',
  RuntimeCrashed:
    'Loading the module ended the plugin runtime; avoid os._exit, signals and native crashes at import time.',
};

/** What validation and loading learned about a plugin source. */
export interface CheckedCode {
  type: repo.PluginType;
  className: string;
  manifest: Record<string, unknown>;
  sha256: string;
}

/** SHA-256 of plugin source, hex: identical code makes no new version. */
export function sha256(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/**
 * Validates plugin source like `service validate` (the same Python validator, run by a runtime),
 * then loads it once in a throwaway slot of the organization's runtime pool to read its class
 * description (type, class name, class attributes, configurable parameters).
 *
 * @throws InvalidPluginCode with the validator's findings, or with one entry `{line: null,
 *   error_type: <runtime error_type>}` when loading the module fails
 * @throws HttpProblem 503 when the plugin runtime cannot be reached, or this host cannot sandbox plugin code
 */
export async function checkPluginCode(
  ctx: Pick<AppContext, 'log' | 'plugins'>,
  organizationId: string,
  code: string,
): Promise<CheckedCode> {
  const summary = await validateCode(ctx, code);
  const described = await describeCode(ctx, organizationId, code, summary.className ?? undefined);
  const type = RUNTIME_TYPES[String(described.plugin_type ?? summary.pluginType)];
  const className = String(described.class_name ?? summary.className ?? '');
  if (!type || !className) {
    throw new InvalidPluginCode('The plugin code defines no plugin class', [
      {
        line: null,
        error_type: 'InvalidBaseClass',
        message:
          'no class inheriting SourcePlugin, ClassificationPlugin, ExtractionPlugin or BaseBenchmark was found',
        fix_suggestion: LOAD_FIX.InvalidBaseClass ?? '',
        documentation: null,
      },
    ]);
  }
  const { plugin_id: _throwaway, ...manifest } = described;
  return { type, className, manifest, sha256: sha256(code) };
}

type ValidationSummary = Awaited<ReturnType<AppContext['plugins']['validate']>>;

/**
 * The validator's verdict on `code`.
 *
 * @throws InvalidPluginCode with its findings; HttpProblem 503 when the validator cannot run
 */
async function validateCode(
  ctx: Pick<AppContext, 'log' | 'plugins'>,
  code: string,
): Promise<ValidationSummary> {
  let summary: ValidationSummary;
  try {
    summary = await ctx.plugins.validate(code);
  } catch (err) {
    if (err instanceof PluginError) {
      ctx.log.error({ err }, 'plugin validator failed');
      throw new HttpProblem(503, `The plugin validator is unavailable: ${err.message}`);
    }
    throw err;
  }
  if (summary.findings.length > 0) {
    const n = summary.findings.length;
    throw new InvalidPluginCode(
      `The plugin code failed validation: ${n} problem${n === 1 ? '' : 's'} found`,
      summary.findings,
    );
  }
  return summary;
}

/**
 * The class description of `code`, loaded once in a throwaway slot of the organization's pool.
 *
 * @throws InvalidPluginCode when loading fails; HttpProblem 503 when this host cannot sandbox plugin code
 */
async function describeCode(
  ctx: Pick<AppContext, 'plugins'>,
  organizationId: string,
  code: string,
  className: string | undefined,
): Promise<Record<string, unknown>> {
  try {
    return await ctx.plugins.describe(organizationId, {
      id: `describe-${randomUUID()}`,
      source: code,
      className,
    });
  } catch (err) {
    if (!(err instanceof PluginError) || err.errorType === 'HostError') throw err;
    // The server's situation, not the code's: this host cannot sandbox tenant code (docs/security.md).
    if (err.errorType === 'SandboxUnavailable') throw new HttpProblem(503, err.message);
    throw new InvalidPluginCode(`The plugin code could not be loaded: ${err.message}`, [
      {
        line: null,
        error_type: err.errorType,
        message: err.message,
        fix_suggestion: LOAD_FIX[err.errorType] ?? 'Reproduce the error locally with `service plugin run`.',
        documentation: null,
      },
    ]);
  }
}
