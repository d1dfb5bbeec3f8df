import { z } from 'zod';

/** The process environment, or any map of variable names to values (tests, the CLI). */
export type Env = Readonly<Record<string, string | undefined>>;

/** One invalid setting: the variable and what is wrong with it. */
export interface ConfigIssue {
  variable: string;
  message: string;
}

/**
 * Raised when the environment does not hold valid settings. The message lists each bad variable
 * on its own line (`  SERVICE_X: what is wrong`); `issues` holds the same as data.
 */
export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(`Invalid settings:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** `true`/`false`, `1`/`0` or `yes`/`no`. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Splits a comma-separated value into its trimmed, non-empty items. */
export function commaList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A group of settings: the variables it reads, each validated by zod, and how their values
 * become the typed settings of the group.
 */
export interface Section<T> {
  /** The environment variables of the section, in declaration order. */
  readonly variables: readonly string[];
  /**
   * Reads the section from `env`, appending every problem to `issues`.
   *
   * @returns the settings, or undefined when something was wrong
   */
  read(env: Env, issues: ConfigIssue[]): T | undefined;
  /**
   * Reads the section alone.
   *
   * @throws ConfigError naming each invalid variable
   */
  load(env: Env): T;
}

/**
 * Defines a section. An empty value counts as unset (`export SERVICE_X=` in a shell), so the
 * default applies.
 *
 * @param schema one zod schema per variable
 * @param build turns the validated values into settings; `report` records a problem that involves
 *   several variables (the section is then invalid)
 */
export function section<S extends z.ZodObject, T>(
  schema: S,
  build: (values: z.output<S>, report: (variable: string, message: string) => void) => T,
): Section<T> {
  const variables = Object.keys(schema.shape);
  const read = (env: Env, issues: ConfigIssue[]): T | undefined => {
    const relevant: Record<string, string> = {};
    for (const name of variables) {
      const value = env[name];
      if (value !== undefined && value !== '') relevant[name] = value;
    }
    const parsed = schema.safeParse(relevant);
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        issues.push({ variable: String(i.path[0] ?? '?'), message: i.message });
      return undefined;
    }
    const before = issues.length;
    const settings = build(parsed.data, (variable, message) => issues.push({ variable, message }));
    return issues.length === before ? settings : undefined;
  };
  return {
    variables,
    read,
    load(env) {
      const issues: ConfigIssue[] = [];
      const settings = read(env, issues);
      if (settings === undefined || issues.length > 0) throw new ConfigError(issues);
      return settings;
    },
  };
}
