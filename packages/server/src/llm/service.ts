import type { Db } from '../db/client.js';
import { llmUsage } from '../db/schema.js';
import { parseDecision, REPORT_CLASSIFICATION } from '../engine/classification-report.js';
import { PluginError, type ServiceHandler } from '../engine/runtime-protocol.js';
import { newId } from '../ids.js';
import { findLatestPrompt } from '../prompts/records.js';
import { LlmError, type LlmProvider } from './providers.js';

/**
 * The host side of the plugin services `prompt_llm` and `get_prompt` (spec 4.11) for one
 * organization and document: answers come from the configured provider, token usage is recorded
 * per organization, prompts come from the organization's stored prompt versions.
 * `report_classification` is validated and answered with null (the classification step wraps
 * this handler to keep the report).
 */
export function pluginServices(
  db: Db,
  provider: LlmProvider,
  organizationId: string,
  documentId: string | null,
): ServiceHandler {
  return async (service, args) => {
    if (service === 'prompt_llm') {
      const fileData = typeof args.file_data === 'string' ? Buffer.from(args.file_data, 'base64') : undefined;
      try {
        const answer = await provider.complete({
          prompt: String(args.prompt ?? ''),
          fileData,
          mimeType: typeof args.mime_type === 'string' ? args.mime_type : undefined,
          schema:
            args.schema && typeof args.schema === 'object'
              ? (args.schema as Record<string, unknown>)
              : undefined,
          modelName: typeof args.model_name === 'string' ? args.model_name : undefined,
        });
        await db.insert(llmUsage).values({
          id: newId(),
          organizationId,
          documentId,
          provider: answer.provider,
          model: answer.model,
          promptTokens: answer.promptTokens,
          completionTokens: answer.completionTokens,
        });
        return answer.value;
      } catch (err) {
        if (err instanceof LlmError) throw new PluginError(err.errorType, err.message);
        throw err;
      }
    }
    if (service === 'get_prompt') {
      const promptId = String(args.prompt_id ?? '');
      const row = await findLatestPrompt(db, organizationId, promptId);
      if (!row)
        throw new PluginError('PromptNotFound', `no prompt "${promptId}" is stored for this organization`);
      return row.text;
    }
    if (service === REPORT_CLASSIFICATION) {
      // Accepted and dropped here: only the classification step stores it (pipeline/steps.ts).
      parseDecision(args);
      return null;
    }
    throw new PluginError('UnknownService', `unknown service ${service}`);
  };
}
