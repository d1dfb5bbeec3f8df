import { z } from 'zod';
import { pageableQuery } from '../http/pagination.js';
import { problemSchema } from '../http/problem.js';
import { timestamp, uuid } from '../http/schemas.js';
import type { PluginHandlerRun } from './handler-runs.js';
import type { PluginRow, PluginVersionRow } from './repository.js';

/** Largest accepted plugin source, in characters (the request body limit is 1 MiB). */
export const MAX_CODE_CHARS = 1_000_000;

export const pluginTypes = ['SOURCE', 'CLASSIFICATION', 'EXTRACTION', 'BENCHMARK'] as const;
export const pluginSortFields = ['name', 'created_at', 'updated_at'] as const;

const pluginName = z.string().trim().min(1).max(100).describe('unique in the organization, 1–100 characters');
const pluginCode = z
  .string()
  .max(MAX_CODE_CHARS)
  .describe('Python source of one plugin file (service_sdk); validated like `service validate`');
const pluginDescription = z.string().max(2000).nullish().describe('free text shown to administrators');
const pluginConfigs = z
  .record(z.string(), z.unknown())
  .describe(
    'values of the plugin’s configurable_parameters by parameter_name; each must match its parameter_type (str, int, float, bool)',
  );

export const pluginCreateRequest = z
  .object({
    name: pluginName,
    code: pluginCode,
    description: pluginDescription,
    configs: pluginConfigs.optional(),
  })
  .strict()
  .meta({ id: 'PluginCreateRequest' });

export const pluginUpdateRequest = z
  .object({
    name: pluginName.optional(),
    code: pluginCode.optional().describe('new source; stored as a new version when accepted'),
    description: pluginDescription,
    enabled: z.boolean().optional(),
    configs: pluginConfigs
      .optional()
      .describe('replaces the configs of the current version (stored as a new version)'),
  })
  .strict()
  .meta({ id: 'PluginUpdateRequest' });

export const pluginListQuery = pageableQuery(pluginSortFields).extend({
  type: z.enum(pluginTypes).optional().describe('only plugins of this type'),
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('only plugins whose name contains this text, in any case'),
});

export const pluginVersionParams = z.object({
  id: uuid.describe('UUID of the plugin'),
  version: z.coerce.number().int().min(1).max(1_000_000).describe('version number, from 1'),
});

export const configurableParameterDto = z
  .object({
    parameter_name: z.string(),
    parameter_type: z.string().describe('str, int, float or bool'),
    default_value: z.unknown(),
    description: z.string(),
  })
  .meta({ id: 'ConfigurableParameter' });

const matchRuleDto = z.object({
  name: z.string(),
  left_group: z.array(z.string()),
  right_group: z.array(z.string()),
  conditions: z.array(z.object({ left_field: z.string(), right_field: z.string(), match_type: z.string() })),
});

export const pluginAttributesDto = z
  .object({
    source_type: z.string().optional().describe('SOURCE: unique source identifier'),
    credential_fields: z.array(z.string()).optional().describe('SOURCE: credential field names'),
    source_state_model: z.string().optional().describe('SOURCE: name of the state model class'),
    name: z.string().optional().describe('BENCHMARK: unique benchmark identifier'),
    target_labels: z.array(z.string()).optional().describe('BENCHMARK: labels it applies to'),
    metric_unit: z.string().optional().describe('BENCHMARK: unit of measurement'),
    group_by: z.array(z.string()).optional().describe('BENCHMARK: field names to group by'),
    match_rules: z.array(matchRuleDto).optional().describe('BENCHMARK: MATCH_RULES'),
  })
  .describe('class attributes read when the code was loaded; empty for CLASSIFICATION and EXTRACTION')
  .meta({ id: 'PluginAttributes' });

export const pluginDto = z
  .object({
    id: uuid,
    name: z.string(),
    type: z.enum(pluginTypes).describe('read from the base class'),
    class_name: z.string(),
    version: z
      .number()
      .int()
      .describe('current version: 1, then +1 on each accepted change of code or configs'),
    status: z.enum(['ENABLED', 'DISABLED']),
    description: z.string().nullable(),
    configurable_parameters: z.array(configurableParameterDto),
    configs: z.record(z.string(), z.unknown()).describe('configs of the current version'),
    attributes: pluginAttributesDto,
    sha256: z.string().describe('SHA-256 (hex) of the current version’s code'),
    quarantined_at: timestamp
      .nullable()
      .describe(
        'set when the plugin kept breaking the runtime protocol (oversize or malformed output); documents needing it fail with quarantine_reason until new code is uploaded or DELETE /plugins/{id}/quarantine lifts it',
      ),
    quarantine_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Plugin' });

export const pluginDetailDto = pluginDto
  .extend({ code: z.string().describe('source of the current version') })
  .meta({ id: 'PluginDetail' });

export const pluginVersionDto = z
  .object({
    version: z.number().int(),
    sha256: z.string(),
    created_at: timestamp,
    created_by: uuid.nullable().describe('user who submitted this version'),
  })
  .meta({ id: 'PluginVersion' });

export const pluginVersionDetailDto = pluginVersionDto
  .extend({
    code: z.string(),
    class_name: z.string().nullable(),
    configs: z.record(z.string(), z.unknown()),
    configurable_parameters: z.array(configurableParameterDto),
    attributes: pluginAttributesDto,
  })
  .meta({ id: 'PluginVersionDetail' });

/** One finding of the validator (spec §7), the same list as `service validate`. */
export const pluginCodeErrorDto = z
  .object({
    line: z.number().int().nullable().describe('line in the submitted source; null for whole-file errors'),
    error_type: z.string().describe('rule identifier, e.g. MissingMethod, InvalidBaseClass, WrongReturnType'),
    message: z.string(),
    fix_suggestion: z.string().describe('remediation hint, often a code snippet'),
    documentation: z.string().nullable().describe('link into the reference, or null'),
  })
  .meta({ id: 'PluginCodeError' });

/** Spec §7: the 400 body of a plugin that failed validation. */
export const invalidPluginCodeDto = z
  .object({
    error: z.object({
      code: z.literal('INVALID_PLUGIN_CODE'),
      message: z.string().describe('human-readable summary'),
      errors: z.array(pluginCodeErrorDto).describe('one entry per failed rule'),
    }),
  })
  .meta({ id: 'InvalidPluginCode' });

/**
 * 400 of POST/PATCH, by content type: the spec §7 body (`application/json`) when the code fails
 * validation, problem details (`application/problem+json`) for an invalid request body.
 */
export const pluginBadRequest = {
  description:
    'Plugin code failed validation: the spec §7 body `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors"}}` (application/json); or an invalid request body: problem details naming the field (application/problem+json)',
  content: {
    'application/json': { schema: invalidPluginCodeDto },
    'application/problem+json': { schema: problemSchema },
  },
};

export type PluginCodeError = z.infer<typeof pluginCodeErrorDto>;
type Manifest = Record<string, unknown>;

function manifestParameters(manifest: Manifest): z.infer<typeof configurableParameterDto>[] {
  const list = manifest.configurable_parameters;
  return Array.isArray(list) ? (list as z.infer<typeof configurableParameterDto>[]) : [];
}

function manifestAttributes(manifest: Manifest): z.infer<typeof pluginAttributesDto> {
  const attrs = manifest.attributes;
  return attrs && typeof attrs === 'object' ? (attrs as z.infer<typeof pluginAttributesDto>) : {};
}

/** The API form of a plugin and its current version. */
export function toPluginDto(row: PluginRow, version: PluginVersionRow): z.infer<typeof pluginDto> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    class_name: row.className,
    version: row.currentVersion,
    status: row.enabled ? 'ENABLED' : 'DISABLED',
    description: row.description,
    configurable_parameters: manifestParameters(version.manifest),
    configs: version.configs,
    attributes: manifestAttributes(version.manifest),
    sha256: version.sha256,
    quarantined_at: row.quarantinedAt?.toISOString() ?? null,
    quarantine_reason: row.quarantineReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The API form of a plugin with the code of its current version. */
export function toPluginDetailDto(
  row: PluginRow,
  version: PluginVersionRow,
): z.infer<typeof pluginDetailDto> {
  return { ...toPluginDto(row, version), code: version.code };
}

/** A version in the history list (no code). */
export function toPluginVersionDto(v: PluginVersionRow): z.infer<typeof pluginVersionDto> {
  return {
    version: v.version,
    sha256: v.sha256,
    created_at: v.createdAt.toISOString(),
    created_by: v.createdBy,
  };
}

/** One version with its code, configs and the class description read when it was stored. */
export function toPluginVersionDetailDto(v: PluginVersionRow): z.infer<typeof pluginVersionDetailDto> {
  const className = v.manifest.class_name;
  return {
    ...toPluginVersionDto(v),
    code: v.code,
    class_name: typeof className === 'string' ? className : null,
    configs: v.configs,
    configurable_parameters: manifestParameters(v.manifest),
    attributes: manifestAttributes(v.manifest),
  };
}

const runStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

export const pluginEventRunListQuery = pageableQuery(['created_at'] as const).extend({
  status: z.enum(runStatuses).optional().describe('only runs in this status'),
  event_type: z.string().min(1).max(100).optional().describe('only runs for events of this type'),
});

export const pluginEventRunAttemptDto = z
  .object({
    at: timestamp,
    result: z
      .unknown()
      .describe(
        'what handle_event answered, `{"handled": [method names]}`; the stored text when it is not valid JSON (truncated to 2 KB); null when the attempt failed',
      ),
    error: z.string().nullable().describe('`<error_type>: <message>` of a failed run, e.g. PluginException'),
    logs: z.string().nullable().describe('`level: message` lines the handlers logged, at most 8 KB'),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'PluginEventRunAttempt' });

export const pluginEventRunDto = z
  .object({
    id: uuid.describe('UUID of the delivery of the event to the plugin'),
    event_id: uuid,
    event_type: z.string(),
    plugin_version: z.number().int().nullable().describe('the plugin version whose handlers run'),
    status: z.enum(runStatuses).describe('PENDING while a retry is due'),
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable().describe('when the next attempt is due (PENDING only)'),
    last_attempt_at: z.string().nullable(),
    created_at: timestamp,
    attempts: z.array(pluginEventRunAttemptDto).describe('oldest first'),
  })
  .meta({ id: 'PluginEventRun' });

/** The stored handler result: its JSON value, or the text itself when it does not parse (truncated). */
function parsedResult(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function toPluginEventRunDto(run: PluginHandlerRun): z.infer<typeof pluginEventRunDto> {
  const { delivery: d, attempts } = run;
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    plugin_version: d.pluginVersion,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.status === 'PENDING' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    attempts: attempts.map((a) => ({
      at: a.attemptedAt.toISOString(),
      result: parsedResult(a.responseBody),
      error: a.error,
      logs: a.logs,
      duration_ms: a.durationMs,
    })),
  };
}
