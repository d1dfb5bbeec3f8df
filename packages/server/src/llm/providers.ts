import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { Config } from '../config.js';

/** What `prompt_llm` asks of a provider (spec 4.11 services). */
export interface LlmRequest {
  prompt: string;
  /** File bytes and their MIME type; sent to models that accept documents, else described in text. */
  fileData?: Buffer | undefined;
  mimeType?: string | undefined;
  /** A JSON Schema the answer must follow; the answer is then parsed JSON. */
  schema?: Record<string, unknown> | undefined;
  modelName?: string | undefined;
}

export interface LlmAnswer {
  value: unknown;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** Raised when no provider is configured or the provider fails after its retries. */
export class LlmError extends Error {
  constructor(
    readonly errorType: 'LlmNotConfigured' | 'LlmFailed' | 'LlmBadAnswer',
    message: string,
  ) {
    super(message);
  }
}

export interface LlmProvider {
  complete(req: LlmRequest): Promise<LlmAnswer>;
}

function parseAnswer(text: string, wantJson: boolean): unknown {
  if (!wantJson) return text;
  const trimmed = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    throw new LlmError('LlmBadAnswer', 'the model did not answer valid JSON for the requested schema');
  }
}

function withFileNote(req: LlmRequest): string {
  if (!req.fileData) return req.prompt;
  return `${req.prompt}\n\n(A file of type ${req.mimeType ?? 'application/octet-stream'} and ${req.fileData.length} bytes accompanies this request; its text is in the prompt when relevant.)`;
}

/**
 * OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp server): structured output
 * through `response_format: {type: "json_schema"}`; timeouts and retries with exponential backoff
 * by the official SDK.
 */
function openAiProvider(llm: NonNullable<Config['llm']>): LlmProvider {
  const client = new OpenAI({
    apiKey: llm.apiKey ?? 'not-needed',
    baseURL: llm.baseUrl,
    timeout: llm.timeoutSeconds * 1000,
    maxRetries: 3,
  });
  return {
    complete: async (req) => {
      const model = req.modelName ?? llm.model;
      try {
        const res = await client.chat.completions.create({
          model,
          messages: [{ role: 'user', content: withFileNote(req) }],
          ...(req.schema
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: 'answer', schema: req.schema, strict: false },
                },
              }
            : {}),
        });
        const text = res.choices[0]?.message?.content ?? '';
        return {
          value: parseAnswer(text, req.schema !== undefined),
          provider: 'openai',
          model,
          promptTokens: res.usage?.prompt_tokens ?? 0,
          completionTokens: res.usage?.completion_tokens ?? 0,
        };
      } catch (err) {
        if (err instanceof LlmError) throw err;
        throw new LlmError('LlmFailed', `the LLM provider failed: ${(err as Error).message}`);
      }
    },
  };
}

/** Anthropic Messages API; a JSON schema is enforced through a forced tool call. */
function anthropicProvider(llm: NonNullable<Config['llm']>): LlmProvider {
  const client = new Anthropic({
    apiKey: llm.apiKey ?? '',
    baseURL: llm.baseUrl,
    timeout: llm.timeoutSeconds * 1000,
    maxRetries: 3,
  });
  return {
    complete: async (req) => {
      const model = req.modelName ?? llm.model;
      try {
        const res = await client.messages.create({
          model,
          max_tokens: 4096,
          messages: [{ role: 'user', content: withFileNote(req) }],
          ...(req.schema
            ? {
                tools: [
                  {
                    name: 'answer',
                    description: 'Give the answer',
                    input_schema: req.schema as Anthropic.Tool.InputSchema,
                  },
                ],
                tool_choice: { type: 'tool' as const, name: 'answer' },
              }
            : {}),
        });
        let value: unknown;
        if (req.schema) {
          const block = res.content.find((b) => b.type === 'tool_use');
          if (block?.type !== 'tool_use')
            throw new LlmError('LlmBadAnswer', 'the model did not use the answer tool');
          value = block.input;
        } else {
          value = res.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
        }
        return {
          value,
          provider: 'anthropic',
          model,
          promptTokens: res.usage.input_tokens,
          completionTokens: res.usage.output_tokens,
        };
      } catch (err) {
        if (err instanceof LlmError) throw err;
        throw new LlmError('LlmFailed', `the LLM provider failed: ${(err as Error).message}`);
      }
    },
  };
}

/** The configured provider, or one that answers LlmNotConfigured. */
export function createLlmProvider(llm: Config['llm']): LlmProvider {
  if (!llm) {
    return {
      complete: async () => {
        throw new LlmError(
          'LlmNotConfigured',
          'No LLM provider is configured (set SERVICE_LLM_PROVIDER, SERVICE_LLM_BASE_URL, SERVICE_LLM_MODEL)',
        );
      },
    };
  }
  return llm.provider === 'anthropic' ? anthropicProvider(llm) : openAiProvider(llm);
}
