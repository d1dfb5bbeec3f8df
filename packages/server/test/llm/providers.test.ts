import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { llmUsage, prompts } from '../../src/db/schema.js';
import { PluginError, type ServiceHandler } from '../../src/engine/runtime-protocol.js';
import { createLlmProvider, LlmError } from '../../src/llm/providers.js';
import { pluginServices } from '../../src/llm/service.js';
import { createTeam, createTestApp, signUp, type TestApp } from '../support/app.js';
import { chatCompletion, ModelDouble } from '../support/model-double.js';

/** A message as Anthropic answers it. */
const anthropicMessage = (content: unknown[], usage = { input_tokens: 200, output_tokens: 15 }) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'test-claude',
  content,
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage,
});

const LABEL_SCHEMA = {
  type: 'object',
  properties: { label: { type: 'string', enum: ['Contract', 'Invoice'] } },
  required: ['label'],
};

/** The `llm` settings a deployment gets from SERVICE_LLM_* variables. */
function llmSettings(vars: Record<string, string>) {
  return loadConfig({ SERVICE_DATA_DIR: '/tmp', SERVICE_SECRET_KEY: 'x'.repeat(40), ...vars }).llm;
}

/** Runs a service handler and returns the PluginError it raised (or fails). */
async function pluginError(p: Promise<unknown>): Promise<PluginError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PluginError);
  return err as PluginError;
}

describe('LLM providers and the plugin services prompt_llm / get_prompt (spec 4.11)', () => {
  const model = new ModelDouble();
  let app: TestApp;
  let orgId: string;
  let otherOrgId: string;

  beforeAll(async () => {
    await model.start();
    // The database only: no pipeline workers in this file.
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    const user = await signUp(app);
    orgId = await createTeam(app, user);
    otherOrgId = user.personalOrgId;
  });
  afterAll(async () => {
    await app?.close();
    await model.stop();
  });
  afterEach(() => model.script());

  const usageOf = (org: string) => app.ctx.db.select().from(llmUsage).where(eq(llmUsage.organizationId, org));

  describe('OpenAI-compatible chat completions', () => {
    const openai = () =>
      createLlmProvider(
        llmSettings({
          SERVICE_LLM_PROVIDER: 'openai',
          SERVICE_LLM_BASE_URL: `${model.base}/v1/`,
          SERVICE_LLM_API_KEY: 'sk-test',
          SERVICE_LLM_MODEL: 'test-model',
          SERVICE_LLM_TIMEOUT_SECONDS: '0.3',
        }),
      );

    it('passes the JSON schema as response_format, parses the answer and records the usage', async () => {
      model.script({ body: chatCompletion('{"label": "Contract"}') });
      const services = pluginServices(app.ctx.db, openai(), orgId, null);
      const answer = await services('prompt_llm', { prompt: 'Which label?', schema: LABEL_SCHEMA });
      expect(answer).toEqual({ label: 'Contract' });

      const [request] = model.seen;
      expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
      expect(request?.headers.authorization).toBe('Bearer sk-test');
      expect(request?.body).toEqual({
        model: 'test-model',
        messages: [{ role: 'user', content: 'Which label?' }],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'answer', schema: LABEL_SCHEMA, strict: false },
        },
      });
      expect(await usageOf(orgId)).toEqual([
        expect.objectContaining({
          organizationId: orgId,
          documentId: null,
          provider: 'openai',
          model: 'test-model',
          promptTokens: 120,
          completionTokens: 7,
        }),
      ]);
    });

    it('answers text without a schema; model_name overrides the model; file_data is described in the prompt', async () => {
      model.script({
        body: chatCompletion('A supply agreement.', { prompt_tokens: 3, completion_tokens: 4 }),
      });
      const answer = await pluginServices(
        app.ctx.db,
        openai(),
        orgId,
        null,
      )('prompt_llm', {
        prompt: 'Summarise.',
        file_data: Buffer.from('%PDF-1.7 …').toString('base64'),
        mime_type: 'application/pdf',
        model_name: 'bigger-model',
      });
      expect(answer).toBe('A supply agreement.');
      const body = model.seen[0]?.body as { model: string; messages: { content: string }[] };
      expect(body.model).toBe('bigger-model');
      expect(body).not.toHaveProperty('response_format');
      expect(body.messages[0]?.content).toMatch(
        /^Summarise\.\n\n\(A file of type application\/pdf and 12 bytes/,
      );
      expect((await usageOf(orgId)).map((u) => u.model)).toContain('bigger-model');
    });

    it('accepts JSON in a Markdown fence; answers LlmBadAnswer when the JSON is not JSON', async () => {
      model.script({ body: chatCompletion('```json\n{"label": "Invoice"}\n```') });
      expect(await openai().complete({ prompt: 'p', schema: LABEL_SCHEMA })).toMatchObject({
        value: { label: 'Invoice' },
      });
      model.script({ body: chatCompletion('I think it is an invoice.') });
      await expect(openai().complete({ prompt: 'p', schema: LABEL_SCHEMA })).rejects.toMatchObject({
        errorType: 'LlmBadAnswer',
      });
    });

    it('retries a 500 and succeeds', async () => {
      model.script(
        { status: 500, body: { error: { message: 'overloaded' } } },
        { status: 503, body: { error: { message: 'try later' } } },
        { body: chatCompletion('{"label": "Invoice"}') },
      );
      const answer = await openai().complete({ prompt: 'p', schema: LABEL_SCHEMA });
      expect(answer.value).toEqual({ label: 'Invoice' });
      expect(model.seen).toHaveLength(3);
    }, 15_000);

    it('gives up on a model slower than SERVICE_LLM_TIMEOUT_SECONDS after its retries: LlmError', async () => {
      const slow = { body: chatCompletion('{"label": "Invoice"}'), delayMs: 2000 };
      model.script(slow, slow, slow, slow, slow);
      const err = await openai()
        .complete({ prompt: 'p', schema: LABEL_SCHEMA })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LlmError);
      expect(err).toMatchObject({ errorType: 'LlmFailed' });
      expect((err as Error).message).toMatch(/timed out/i);
      expect(model.seen).toHaveLength(4); // the first try and three retries
    }, 20_000);

    it('does not retry a 400 and reports it through prompt_llm as a PluginError', async () => {
      model.script({ status: 400, body: { error: { message: 'unknown model' } } });
      const services = pluginServices(app.ctx.db, openai(), otherOrgId, null);
      const err = await pluginError(services('prompt_llm', { prompt: 'p' }));
      expect(err.errorType).toBe('LlmFailed');
      expect(err.message).toMatch(/unknown model/);
      expect(model.seen).toHaveLength(1);
      expect(await usageOf(otherOrgId)).toEqual([]);
    });
  });

  describe('Anthropic messages', () => {
    const anthropic = () =>
      createLlmProvider(
        llmSettings({
          SERVICE_LLM_PROVIDER: 'anthropic',
          SERVICE_LLM_BASE_URL: model.base,
          SERVICE_LLM_API_KEY: 'sk-ant-test',
          SERVICE_LLM_MODEL: 'test-claude',
        }),
      );

    it('forces a tool whose input schema is the JSON schema, and answers the tool input', async () => {
      model.script({
        body: anthropicMessage([
          { type: 'tool_use', id: 'toolu_1', name: 'answer', input: { label: 'Invoice' } },
        ]),
      });
      const documentId = '0190a000-0000-7000-8000-0000000000d1';
      const services = pluginServices(app.ctx.db, anthropic(), orgId, documentId);
      expect(await services('prompt_llm', { prompt: 'Which label?', schema: LABEL_SCHEMA })).toEqual({
        label: 'Invoice',
      });
      const [request] = model.seen;
      expect(request).toMatchObject({ method: 'POST', url: '/v1/messages' });
      // The SDK sends the key as x-api-key or, in its newer versions, as a bearer token.
      expect(request?.headers['x-api-key'] ?? request?.headers.authorization).toMatch(
        /^(Bearer )?sk-ant-test$/,
      );
      expect(request?.body).toMatchObject({
        model: 'test-claude',
        messages: [{ role: 'user', content: 'Which label?' }],
        tools: [{ name: 'answer', input_schema: LABEL_SCHEMA }],
        tool_choice: { type: 'tool', name: 'answer' },
      });
      const usage = (await usageOf(orgId)).filter((u) => u.provider === 'anthropic');
      expect(usage).toEqual([
        expect.objectContaining({
          documentId,
          model: 'test-claude',
          promptTokens: 200,
          completionTokens: 15,
        }),
      ]);
    });

    it('joins the text blocks without a schema; a schema answer without the tool is LlmBadAnswer', async () => {
      model.script({
        body: anthropicMessage([
          { type: 'text', text: 'A supply ' },
          { type: 'text', text: 'agreement.' },
        ]),
      });
      expect((await anthropic().complete({ prompt: 'Summarise.' })).value).toBe('A supply agreement.');
      expect(model.seen[0]?.body).not.toHaveProperty('tools');
      model.script({ body: anthropicMessage([{ type: 'text', text: 'Invoice' }]) });
      await expect(anthropic().complete({ prompt: 'p', schema: LABEL_SCHEMA })).rejects.toMatchObject({
        errorType: 'LlmBadAnswer',
      });
    });

    it('retries a 500 and succeeds', async () => {
      model.script(
        { status: 500, body: { type: 'error', error: { type: 'api_error', message: 'boom' } } },
        {
          body: anthropicMessage([
            { type: 'tool_use', id: 't', name: 'answer', input: { label: 'Contract' } },
          ]),
        },
      );
      expect((await anthropic().complete({ prompt: 'p', schema: LABEL_SCHEMA })).value).toEqual({
        label: 'Contract',
      });
      expect(model.seen).toHaveLength(2);
    }, 15_000);
  });

  describe('without a provider', () => {
    it('prompt_llm raises LlmNotConfigured as a PluginError naming the settings', async () => {
      expect(llmSettings({})).toBeUndefined();
      const services = pluginServices(app.ctx.db, createLlmProvider(undefined), otherOrgId, null);
      const err = await pluginError(services('prompt_llm', { prompt: 'p' }));
      expect(err.errorType).toBe('LlmNotConfigured');
      expect(err.message).toMatch(/SERVICE_LLM_PROVIDER/);
      expect(err.permanent).toBe(true);
    });
  });

  describe('get_prompt', () => {
    let services: ServiceHandler;
    beforeAll(async () => {
      await app.ctx.db.insert(prompts).values([
        { organizationId: orgId, promptId: 'classify-level', version: 1, text: 'Pick one of {labels}.' },
        {
          organizationId: orgId,
          promptId: 'classify-level',
          version: 3,
          text: 'Pick exactly one of {labels}.',
        },
        { organizationId: orgId, promptId: 'classify-level', version: 2, text: 'Choose from {labels}.' },
        { organizationId: otherOrgId, promptId: 'extract', version: 1, text: 'Another tenant’s prompt.' },
      ]);
      services = pluginServices(app.ctx.db, createLlmProvider(undefined), orgId, null);
    });

    it('answers the latest stored version of the prompt', async () => {
      expect(await services('get_prompt', { prompt_id: 'classify-level' })).toBe(
        'Pick exactly one of {labels}.',
      );
    });

    it('answers PromptNotFound for an unknown prompt and for another organization’s prompt', async () => {
      for (const promptId of ['no-such-prompt', 'extract']) {
        const err = await pluginError(services('get_prompt', { prompt_id: promptId }));
        expect(err.errorType).toBe('PromptNotFound');
        expect(err.message).toContain(promptId);
      }
      const rows = await app.ctx.db
        .select()
        .from(prompts)
        .where(and(eq(prompts.organizationId, otherOrgId), eq(prompts.promptId, 'extract')));
      expect(rows).toHaveLength(1);
    });

    it('answers UnknownService for a service the spec does not name', async () => {
      expect((await pluginError(services('send_email', {}))).errorType).toBe('UnknownService');
    });
  });

  describe('from a plugin in the Python runtime', () => {
    /** Asks the model for one of the available labels, with a stored prompt and a JSON schema. */
    const ASK_THE_MODEL = `from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, logger, prompt_llm


class AskTheModel(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        template = await get_prompt("route-level")
        schema = {
            "type": "object",
            "properties": {"label": {"type": "string", "enum": available_labels}},
            "required": ["label"],
        }
        try:
            answer = await prompt_llm(template.format(labels=", ".join(available_labels), text=document.text), schema=schema)
        except RuntimeError as err:
            logger.warning("no answer: %s", err)
            return None
        label: str = answer["label"]
        return label
`;
    const plugin = { id: 'ask-the-model@1', source: ASK_THE_MODEL };
    const args = {
      document: { id: 'd1', filename: 'invoice.txt', text: 'Invoice 42: amount due EUR 100.' },
      file_data: null,
      mime_type: 'text/plain',
      available_labels: ['Contract', 'Invoice'],
      current_path: [],
      configs: {},
    };

    beforeAll(async () => {
      await app.ctx.db.insert(prompts).values([
        { organizationId: orgId, promptId: 'route-level', version: 1, text: 'One of {labels}:\n{text}' },
        { organizationId: otherOrgId, promptId: 'route-level', version: 1, text: 'One of {labels}:\n{text}' },
      ]);
    });

    it('prompt_llm reaches the configured model and the usage is recorded for the document', async () => {
      model.script({
        body: chatCompletion('{"label": "Invoice"}', { prompt_tokens: 31, completion_tokens: 5 }),
      });
      const provider = createLlmProvider(
        llmSettings({
          SERVICE_LLM_PROVIDER: 'openai',
          SERVICE_LLM_BASE_URL: `${model.base}/v1`,
          SERVICE_LLM_MODEL: 'm',
        }),
      );
      const documentId = '0190a000-0000-7000-8000-0000000000d2';
      const answer = await app.ctx.plugins.call(orgId, plugin, 'classify', args, {
        services: pluginServices(app.ctx.db, provider, orgId, documentId),
      });
      expect(answer).toBe('Invoice');
      const body = model.seen[0]?.body as { messages: { content: string }[]; response_format: unknown };
      expect(body.messages[0]?.content).toBe('One of Contract, Invoice:\nInvoice 42: amount due EUR 100.');
      expect(body.response_format).toMatchObject({
        json_schema: { schema: { properties: { label: { enum: ['Contract', 'Invoice'] } } } },
      });
      const usage = (await usageOf(orgId)).filter((u) => u.documentId === documentId);
      expect(usage).toEqual([expect.objectContaining({ promptTokens: 31, completionTokens: 5 })]);
    }, 30_000);

    it('without a provider the plugin sees a RuntimeError it can handle', async () => {
      const answer = await app.ctx.plugins.call(otherOrgId, plugin, 'classify', args, {
        services: pluginServices(app.ctx.db, createLlmProvider(undefined), otherOrgId, null),
      });
      expect(answer).toBeNull();
    }, 30_000);
  });
});
