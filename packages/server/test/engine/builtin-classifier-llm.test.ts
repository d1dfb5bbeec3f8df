import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { builtinPlugin } from '../../src/engine/builtin-plugins.js';
import { createLlmProvider } from '../../src/llm/providers.js';
import { pluginServices } from '../../src/llm/service.js';
import { createTeam, createTestApp, signUp, type TestApp } from '../support/app.js';
import { chatCompletion, ModelDouble } from '../support/model-double.js';

/** The built-in classifier's LLM path, through the real plugin runtime and an OpenAI-protocol model double. */
describe('built-in classifier asks the configured LLM per level', () => {
  const model = new ModelDouble();
  let app: TestApp;
  let orgId: string;

  beforeAll(async () => {
    await model.start();
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    orgId = await createTeam(app, await signUp(app));
  });
  afterAll(async () => {
    await app?.close();
    await model.stop();
  });

  const provider = () =>
    createLlmProvider(
      loadConfig({
        SERVICE_DATA_DIR: '/tmp',
        SERVICE_SECRET_KEY: 'x'.repeat(40),
        SERVICE_LLM_PROVIDER: 'openai',
        SERVICE_LLM_BASE_URL: `${model.base}/v1/`,
        SERVICE_LLM_API_KEY: 'sk-test',
        SERVICE_LLM_MODEL: 'test-model',
      }).llm,
    );

  const classify = (availableLabels: string[], currentPath: string[], configs: Record<string, unknown>) =>
    app.ctx.plugins.call(
      orgId,
      builtinPlugin(app.ctx.config.pluginsDir, 'classifier'),
      'classify',
      {
        document: {
          id: 'd1',
          filename: 'x.txt',
          text: 'Lorem ipsum dolor sit amet.',
          labels: [],
          metadata: {
            ontology_labels: {
              Contract: { description: 'Signed agreements', keywords: [], path: ['Contract'] },
              Invoice: { description: 'Bills from suppliers', keywords: [], path: ['Invoice'] },
            },
          },
        },
        file_data: null,
        mime_type: 'text/plain',
        available_labels: availableLabels,
        current_path: currentPath,
        configs,
      },
      { services: pluginServices(app.ctx.db, provider(), orgId, null) },
    );

  it("offers the level's labels only and takes the model's answer where the rules abstain", async () => {
    model.script({ body: chatCompletion('{"label": "Invoice"}') });
    await expect(classify(['Contract', 'Invoice'], [], { use_llm: true })).resolves.toBe('Invoice');
    expect(model.seen).toHaveLength(1);
    const sent = JSON.stringify(model.seen[0]?.body);
    expect(sent).toContain('Contract');
    expect(sent).toContain('Bills from suppliers');
  });

  it('keeps the classical decision (here: abstention) when the model answers outside the labels', async () => {
    model.script({ body: chatCompletion('{"label": "Receipt"}') });
    await expect(classify(['Contract', 'Invoice'], [], { use_llm: true })).resolves.toBeNull();
  });

  it('does not ask the model when use_llm is false', async () => {
    model.script();
    await expect(classify(['Contract', 'Invoice'], [], { use_llm: false })).resolves.toBeNull();
    expect(model.seen).toHaveLength(0);
  });
});
