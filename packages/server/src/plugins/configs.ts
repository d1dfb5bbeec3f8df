import { badRequest, type HttpProblem } from '../http/problem.js';

/** A plugin's configs checked against the `configurable_parameters` of its class description. */

/** One entry of a manifest's `configurable_parameters` (service_sdk.ConfigurableParameter). */
type ConfigurableParameter = { parameter_name: string; parameter_type: string; default_value: unknown };

function parametersOf(manifest: Record<string, unknown>): ConfigurableParameter[] {
  const list = manifest.configurable_parameters;
  return Array.isArray(list) ? (list as ConfigurableParameter[]) : [];
}

function configError(key: string, message: string): HttpProblem {
  return badRequest(`Invalid request: body.configs.${key}: ${message}`, {
    errors: [{ field: `body.configs.${key}`, message }],
  });
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'str':
      return typeof value === 'string';
    case 'int':
      return typeof value === 'number' && Number.isInteger(value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/**
 * Checks configs against the plugin's `configurable_parameters`: every key must be a declared
 * `parameter_name` and its value must have the declared `parameter_type` (str, int, float — an
 * integer is a float too — or bool).
 *
 * @throws HttpProblem 400 naming `body.configs.<key>` for an unknown key or a value of the wrong type
 */
export function validateConfigs(configs: Record<string, unknown>, manifest: Record<string, unknown>): void {
  const params = new Map(parametersOf(manifest).map((p) => [p.parameter_name, p]));
  for (const [key, value] of Object.entries(configs)) {
    const param = params.get(key);
    if (!param) {
      const known = [...params.keys()];
      throw configError(
        key,
        `unknown parameter; the plugin declares ${known.length ? known.join(', ') : 'no configurable parameters'}`,
      );
    }
    if (!fitsType(value, param.parameter_type))
      throw configError(key, `must be of type ${param.parameter_type}`);
  }
}

/** The subset of `configs` that still fits the parameters of `manifest` (used when code changes). */
export function carriedConfigs(
  configs: Record<string, unknown>,
  manifest: Record<string, unknown>,
): Record<string, unknown> {
  const params = new Map(parametersOf(manifest).map((p) => [p.parameter_name, p]));
  return Object.fromEntries(
    Object.entries(configs).filter(([k, v]) => {
      const p = params.get(k);
      return p !== undefined && fitsType(v, p.parameter_type);
    }),
  );
}
