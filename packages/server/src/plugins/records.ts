/**
 * The plugins surface the pipeline, sources, organizations and benchmarks use
 * (docs/architecture.md): plain reads of plugins and their versions, and the count for quota
 * usage. It imports nothing outside this domain, so a domain that plugins/service.ts depends on
 * can still read plugins.
 */
export type { PluginRow, PluginVersionRow } from './repository.js';
export {
  /** The ids of the organization's live, enabled BENCHMARK plugins with a current version, by name. */
  benchmarkPluginIds,
  /** `{plugin, version}` of the organization's live, enabled BENCHMARK plugins with their current version, by name. */
  benchmarkPlugins,
  /** Counts the plugins of an organization (quota usage). */
  countPlugins,
  /** The live SOURCE plugin of an organization whose current version declares a source type (id, name). */
  findLiveSourceByType,
  /** A plugin of an organization by id, or undefined. */
  findPlugin,
  /** One version of a plugin, or undefined. */
  findVersion,
  /** Organizations with at least one live, enabled BENCHMARK plugin. */
  organizationsWithBenchmarks,
} from './repository.js';
