import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { MAX_ONTOLOGY_DEPTH } from '../../src/ontology/tree.js';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import { upload, waitForDocument } from '../documents/helpers.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

type Json = Record<string, unknown>;

/** The label shape of api-decisions §3, with the defaults the server fills in. */
const label = (name: string, children: Json[] = [], more: Json = {}): Json => ({
  name,
  description: '',
  keywords: [],
  fields: [],
  children,
  ...more,
});

/**
 * A classification plugin written against the SDK, as a customer would register it. It reads
 * the document text: "lease" → Contract, then "Lease" (not offered: llm_suggested); "memo" →
 * "Memo" at the root (not offered); anything else → None (the suggestion workflow). It reports
 * its confidence (SDK \`report_classification\`) except for "memo".
 */
const SCRIPTED_CLASSIFIER = `from typing import Any

from service_sdk import ClassificationPlugin, Document, logger, report_classification


class ScriptedClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        text = document.text.lower()
        logger.info("level %d of %s", len(current_path), available_labels)
        if "lease" in text:
            label = "Lease" if current_path else "Contract"
            await report_classification(label, 0.9, runner_up=available_labels[-1],
                                        runner_up_probability=0.1, evidence=["lease"])
            return label
        if "memo" in text:
            return "Memo"
        await report_classification(available_labels[0], 0.3, runner_up=available_labels[1],
                                    runner_up_probability=0.25, evidence=["minutes", "meeting"],
                                    abstention_reason="low confidence")
        return None
`;

describe('ontology (api-decisions §3)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: string;
  let h: Record<string, string>;

  const getOntology = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/ontology', headers });
  const putOntology = (headers: Record<string, string>, payload: Json) =>
    app.inject({ method: 'PUT', url: '/api/v1/ontology', headers, payload });

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '2', SERVICE_PLUGIN_POOL_SIZE: '2' }));
    [owner, admin, member, stranger] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
    ]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('GET and PUT /api/v1/ontology', () => {
    it('starts at version 0 with no labels', async () => {
      const res = await getOntology(h);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ version: 0, labels: [] });
    });

    it('saves a new version on each change, fills defaults, and keeps the version for an identical PUT', async () => {
      const tree = {
        labels: [
          {
            name: 'Contract',
            keywords: ['agreement'],
            fields: [{ name: 'governing_law', dtype: 'string' }],
            children: [{ name: 'NDA' }],
          },
          { name: 'Invoice' },
        ],
      };
      const first = await putOntology(h, { version: 41, ...tree });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        version: 1,
        labels: [
          label('Contract', [label('NDA')], {
            keywords: ['agreement'],
            fields: [{ name: 'governing_law', dtype: 'string', description: '' }],
          }),
          label('Invoice'),
        ],
      });
      const same = await putOntology(inOrg(admin, team), tree);
      expect(same.json().version).toBe(1);
      const changed = await putOntology(h, {
        labels: [...tree.labels, { name: 'Policy', description: 'Rules of conduct' }],
      });
      expect(changed.json().version).toBe(2);
      expect((await getOntology(inOrg(member, team))).json()).toEqual(changed.json());
    });

    it('answers 400 naming the field of each structural problem', async () => {
      const cases: [string, Json, string, RegExp][] = [
        [
          'siblings that differ only by case',
          { labels: [{ name: 'Invoice' }, { name: 'INVOICE' }] },
          'body.labels.1.name',
          /duplicate sibling label "INVOICE"/,
        ],
        [
          'duplicate siblings deeper down',
          { labels: [{ name: 'Contract', children: [{ name: 'NDA' }, { name: 'nda' }] }] },
          'body.labels.0.children.1.name',
          /duplicate sibling/,
        ],
        ['a "/" in a name', { labels: [{ name: 'Sales/Purchase' }] }, 'body.labels.0.name', /"\/"/],
        [
          'an unknown dtype',
          { labels: [{ name: 'Invoice', fields: [{ name: 'total', dtype: 'currency' }] }] },
          'body.labels.0.fields.0.dtype',
          /expected one of .*"list\[string\]"/,
        ],
        [
          'a field name that is not an identifier',
          { labels: [{ name: 'Invoice', fields: [{ name: 'due date', dtype: 'date' }] }] },
          'body.labels.0.fields.0.name',
          /identifier/,
        ],
        [
          'a field declared twice in one label',
          {
            labels: [
              {
                name: 'Invoice',
                fields: [
                  { name: 'total', dtype: 'money' },
                  { name: 'total', dtype: 'number' },
                ],
              },
            ],
          },
          'body.labels.0.fields.1.name',
          /duplicate field "total"/,
        ],
        ['an empty name', { labels: [{ name: '  ' }] }, 'body.labels.0.name', /.+/],
        ['an unknown member', { labels: [{ name: 'Invoice', colour: 'red' }] }, 'body.labels.0', /.+/],
      ];
      for (const [what, body, field, message] of cases) {
        const res = await putOntology(h, body);
        expectInvalidField(res, field);
        const issue = (res.json().errors as { field: string; message: string }[]).find(
          (e) => e.field === field,
        );
        expect(issue?.message, what).toMatch(message);
      }
      expect((await getOntology(h)).json().version).toBe(2);
    });

    it('takes MAX_ONTOLOGY_DEPTH levels and refuses a deeper tree with 400, however deep', async () => {
      /** `depth` labels each the only child of the one above: `L1 > L2 > … > L<depth>`. */
      const chain = (depth: number): Json => {
        let label: Json = { name: `L${depth}` };
        for (let i = depth - 1; i >= 1; i--) label = { name: `L${i}`, children: [label] };
        return { labels: [label] };
      };
      const path = (levels: number) => `body.labels.0${'.children.0'.repeat(levels - 2)}.children`;
      // Ten levels are allowed (the deepest label's empty children list is no eleventh level).
      const ten = await putOntology(h, chain(MAX_ONTOLOGY_DEPTH));
      expect(ten.statusCode, ten.body).toBe(200);
      const eleven = await putOntology(h, chain(MAX_ONTOLOGY_DEPTH + 1));
      expectInvalidField(eleven, path(MAX_ONTOLOGY_DEPTH + 1));
      expect(eleven.json().detail).toMatch(/at most 10 levels deep/);
      // Thousands of levels overflowed the recursive schema's stack: a 500 before. Sent as text, as
      // JSON.stringify would overflow here too.
      const levels = 3000;
      const deep = await app.inject({
        method: 'PUT',
        url: '/api/v1/ontology',
        headers: { ...h, 'content-type': 'application/json' },
        payload: `{"labels":[${'{"name":"L","children":['.repeat(levels)}${']}'.repeat(levels)}]}`,
      });
      expectInvalidField(deep, path(MAX_ONTOLOGY_DEPTH + 1));
      await putOntology(h, { labels: [] });
    });

    it('lets only an OWNER or ADMIN change it (MEMBER → 403); 401 without credentials', async () => {
      expectProblem(await putOntology(inOrg(member, team), { labels: [] }), 403);
      expectUnauthorized(await getOntology({}));
      expectUnauthorized(await putOntology({}, { labels: [] }));
    });

    it('is per organization', async () => {
      expect((await getOntology(stranger.headers)).json()).toEqual({ version: 0, labels: [] });
    });
  });

  describe('label suggestions from a registered classification plugin (spec 4.11)', () => {
    type Suggestion = {
      id: string;
      document_id: string;
      parent_path: string[];
      label: string | null;
      reason: 'NO_LABEL' | 'LLM_SUGGESTED';
      decision: Record<string, unknown> | null;
      status: string;
      resolved_at: string | null;
    };
    let org: string;
    let o: Record<string, string>;
    let pluginId: string;
    const docs: Record<string, DocumentDto> = {};
    let suggestions: Suggestion[];
    const byDoc = (name: string) => suggestions.find((s) => s.document_id === docs[name]?.id) as Suggestion;
    const accept = (headers: Record<string, string>, id: string, payload?: Json) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/label-suggestions/${id}/accept`,
        headers,
        ...(payload ? { payload } : {}),
      });
    const reject = (headers: Record<string, string>, id: string) =>
      app.inject({ method: 'POST', url: `/api/v1/label-suggestions/${id}/reject`, headers });

    beforeAll(async () => {
      org = await createTeam(app, owner);
      await addMember(app, owner, org, member, 'MEMBER');
      o = inOrg(owner, org);
      const put = await putOntology(o, {
        labels: [{ name: 'Contract', children: [{ name: 'NDA' }, { name: 'Supply' }] }, { name: 'Invoice' }],
      });
      expect(put.json().version).toBe(1);
      const plugin = await app.inject({
        method: 'POST',
        url: '/api/v1/plugins',
        headers: o,
        payload: { name: 'Scripted', code: SCRIPTED_CLASSIFIER },
      });
      expect(plugin.statusCode, plugin.body).toBe(201);
      expect(plugin.json()).toMatchObject({ type: 'CLASSIFICATION', version: 1 });
      pluginId = plugin.json().id;
      const settings = await app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${org}/settings`,
        headers: o,
        payload: { classification_plugin_id: pluginId },
      });
      expect(settings.statusCode, settings.body).toBe(200);

      const texts = {
        lease: 'Lease of the warehouse at 1 Dock Road, between Acme Corp and Beta LLC.',
        memo: 'Internal memo: the canteen closes early on Friday.',
        unknown: 'Minutes of the meeting of the residents association.',
      };
      for (const [name, text] of Object.entries(texts)) {
        const res = await upload(app, o, text, `${name}.txt`);
        expect(res.statusCode, res.body).toBe(202);
        docs[name] = await waitForDocument(app, o, res.json().id);
      }
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/label-suggestions?status=PENDING',
        headers: o,
      });
      suggestions = expectPage<Suggestion>(list, { number: 0, size: 20, total_elements: 3, total_pages: 1 });
    }, 90_000);

    it('the organization’s settings choose the plugin: every level asked it, as the trace shows', () => {
      expect(docs.lease).toMatchObject({
        status: 'PROCESSED',
        labels: ['Contract'],
        llm_suggested: 'Lease',
        classification_trace: [
          { level: 0, available_labels: ['Contract', 'Invoice'], returned: 'Contract', outcome: 'CONTINUE' },
          { level: 1, available_labels: ['NDA', 'Supply'], returned: 'Lease', outcome: 'LLM_SUGGESTED' },
        ],
        ontology_version: 1,
        extraction: null,
      });
      expect(docs.memo).toMatchObject({
        status: 'PROCESSED',
        labels: [],
        llm_suggested: 'Memo',
        classification_trace: [{ level: 0, returned: 'Memo', outcome: 'LLM_SUGGESTED' }],
      });
      expect(docs.unknown).toMatchObject({
        status: 'PROCESSED',
        labels: [],
        llm_suggested: null,
        classification_trace: [{ level: 0, returned: null, outcome: 'SUGGESTION' }],
      });
    });

    it('keeps the confidence each level reported in the trace (null where the plugin reported none)', () => {
      expect(docs.lease?.classification_trace.map((step) => step.decision)).toEqual([
        {
          label: 'Contract',
          probability: 0.9,
          runner_up: 'Invoice',
          runner_up_probability: 0.1,
          evidence: ['lease'],
          abstention_reason: null,
        },
        {
          label: 'Lease',
          probability: 0.9,
          runner_up: 'Supply',
          runner_up_probability: 0.1,
          evidence: ['lease'],
          abstention_reason: null,
        },
      ]);
      expect(docs.memo?.classification_trace[0]?.decision).toBeNull();
      expect(docs.unknown?.classification_trace[0]?.decision).toMatchObject({
        label: 'Contract',
        probability: 0.3,
        abstention_reason: 'low confidence',
      });
    });

    it('records a suggestion for a label outside the list and for None, under the path reached', () => {
      expect(byDoc('lease')).toMatchObject({
        parent_path: ['Contract'],
        label: 'Lease',
        reason: 'LLM_SUGGESTED',
        status: 'PENDING',
        resolved_at: null,
      });
      expect(byDoc('memo')).toMatchObject({
        parent_path: [],
        label: 'Memo',
        reason: 'LLM_SUGGESTED',
        decision: null,
      });
      // The reviewer sees why the plugin abstained and what it would have chosen.
      expect(byDoc('unknown')).toMatchObject({
        parent_path: [],
        label: null,
        reason: 'NO_LABEL',
        decision: {
          label: 'Contract',
          probability: 0.3,
          runner_up: 'Invoice',
          runner_up_probability: 0.25,
          evidence: ['minutes', 'meeting'],
          abstention_reason: 'low confidence',
        },
      });
      expect(byDoc('lease').decision).toMatchObject({ label: 'Lease', probability: 0.9 });
    });

    it('accepting adds the label under its parent path as a new ontology version (OWNER or ADMIN)', async () => {
      expectProblem(await accept(inOrg(member, org), byDoc('lease').id), 403);
      const res = await accept(o, byDoc('lease').id, {
        description: 'Rental of property',
        keywords: ['lease'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.suggestion).toMatchObject({ id: byDoc('lease').id, status: 'ACCEPTED' });
      expect(body.suggestion.resolved_at).not.toBeNull();
      expect(body.ontology.version).toBe(2);
      expect(body.ontology.labels[0]).toEqual(
        label('Contract', [
          label('NDA'),
          label('Supply'),
          label('Lease', [], { description: 'Rental of property', keywords: ['lease'] }),
        ]),
      );
      expect((await getOntology(o)).json()).toEqual(body.ontology);
    });

    it('a None suggestion needs a name (400 otherwise) and then adds it at its level', async () => {
      const id = byDoc('unknown').id;
      expectInvalidField(await accept(o, id), 'body.name');
      expectInvalidField(await accept(o, id, {}), 'body.name');
      const res = await accept(o, id, { name: 'Minutes' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ontology.version).toBe(3);
      expect((res.json().ontology.labels as Json[]).map((l) => l.name)).toEqual([
        'Contract',
        'Invoice',
        'Minutes',
      ]);
    });

    it('rejecting changes nothing in the ontology; a suggestion that is not pending answers 409', async () => {
      const id = byDoc('memo').id;
      expectProblem(await reject(inOrg(member, org), id), 403);
      const res = await reject(o, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'REJECTED' });
      expect((await getOntology(o)).json().version).toBe(3);
      expectProblem(await reject(o, id), 409, /REJECTED/);
      expectProblem(await accept(o, id), 409, /REJECTED/);
      expectProblem(await accept(o, byDoc('lease').id), 409, /ACCEPTED/);

      const rejected = await app.inject({
        method: 'GET',
        url: '/api/v1/label-suggestions?status=REJECTED',
        headers: inOrg(member, org),
      });
      expect((rejected.json().content as Suggestion[]).map((s) => s.id)).toEqual([id]);
    });

    it('hides the suggestions of another tenant (404) and 404s an unknown id', async () => {
      const id = byDoc('lease').id;
      expectProblem(await accept(stranger.headers, id, { name: 'Mine' }), 404);
      expectProblem(await reject(stranger.headers, id), 404);
      expectProblem(await reject(o, '0190a000-0000-7000-8000-000000000000'), 404);
      const theirs = await app.inject({
        method: 'GET',
        url: '/api/v1/label-suggestions',
        headers: stranger.headers,
      });
      expect(theirs.json().content).toEqual([]);
    });

    it('reprocessing with the grown ontology classifies into the accepted label', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/documents/${docs.lease?.id}/reprocess`,
        headers: o,
      });
      expect(res.statusCode, res.body).toBe(202);
      const doc = await waitForDocument(app, o, docs.lease?.id as string);
      expect(doc).toMatchObject({ status: 'PROCESSED', labels: ['Contract', 'Lease'], llm_suggested: null });
      expect(doc.classification_trace[1]).toMatchObject({
        available_labels: ['NDA', 'Supply', 'Lease'],
        returned: 'Lease',
        outcome: 'LEAF',
      });
    }, 30_000);

    it("reprocessing replaces the document's pending suggestion: one stays, the new one", async () => {
      // A first classification has no suggestion of its own to clear (its trace is empty);
      // a second one clears the pending suggestion of the first before it records its own.
      const pending = async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/label-suggestions?status=PENDING',
          headers: o,
        });
        return res.json().content as Suggestion[];
      };
      const up = await upload(app, o, 'Internal memo: the car park is closed on Monday.', 'memo-2.txt');
      expect(up.statusCode, up.body).toBe(202);
      const id = up.json().id as string;
      await waitForDocument(app, o, id);
      const first = (await pending()).filter((s) => s.document_id === id);
      expect(first).toMatchObject([{ label: 'Memo', reason: 'LLM_SUGGESTED' }]);
      const res = await app.inject({ method: 'POST', url: `/api/v1/documents/${id}/reprocess`, headers: o });
      expect(res.statusCode, res.body).toBe(202);
      await waitForDocument(app, o, id);
      const second = (await pending()).filter((s) => s.document_id === id);
      expect(second).toMatchObject([{ label: 'Memo', reason: 'LLM_SUGGESTED' }]);
      expect(second[0]?.id).not.toBe(first[0]?.id);
    }, 30_000);
  });
});
