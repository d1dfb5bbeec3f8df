/**
 * Errors of the API as the console shows them: the RFC 9457 `detail` (and per-field `errors`),
 * or the spec §7 `INVALID_PLUGIN_CODE` body of a rejected plugin.
 */
import type { Schema } from '@service/client';

export type PluginCodeError = Schema<'PluginCodeError'>;

/** An API call that failed; `message` is the problem's `detail`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: { field?: string; message?: string }[] = [],
    readonly pluginErrors: PluginCodeError[] = [],
  ) {
    super(message);
  }
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Returns `data` of an openapi-fetch result, or throws an {@link ApiError} built from its error body. */
export function unwrap<T>(result: Result<T>): T {
  if (result.error === undefined && result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as {
    detail?: string;
    title?: string;
    errors?: { field?: string; message?: string }[];
    error?: { message?: string; errors?: PluginCodeError[] };
  };
  if (body.error?.errors)
    throw new ApiError(
      result.response.status,
      body.error.message ?? 'Invalid plugin code',
      [],
      body.error.errors,
    );
  throw new ApiError(
    result.response.status,
    body.detail ?? body.title ?? `${result.response.status} ${result.response.statusText}`,
    body.errors ?? [],
  );
}
