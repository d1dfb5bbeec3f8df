/**
 * The prompts surface llm/ uses for the plugin service get_prompt (docs/architecture.md): the
 * plain read of a prompt's latest version. It imports nothing outside this domain, so llm/, which
 * sits below the services, can read prompts.
 */
export {
  /** The latest version of a prompt of the organization (row with `text`, `version`), or undefined. */
  findLatest as findLatestPrompt,
} from './repository.js';
