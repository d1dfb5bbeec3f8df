import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTeam, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';
import { createWebhookApp, emit, FAST_WEBHOOKS, waitFor } from '../webhooks/helpers.js';

/** A classifier with one working and one failing `@on_event` handler. */
const PLUGIN = `from typing import Any

from service_sdk import ClassificationPlugin, Document, logger, on_event


class RunsWatcher(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None

    @on_event("contract.renewal_upcoming")
    async def on_renewal(self, event: dict[str, Any]) -> None:
        logger.info("renewal of %s", event["data"]["contract_id"])

    @on_event("alert.*")
    async def on_alert(self, event: dict[str, Any]) -> None:
        raise ValueError("alert handler is broken")
`;

interface Attempt {
  at: string;
  result: unknown;
  error: string | null;
  logs: string | null;
  duration_ms: number;
}
interface Run {
  id: string;
  event_id: string;
  event_type: string;
  plugin_version: number | null;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  attempts: Attempt[];
}
interface RunPage {
  content: Run[];
  page: { number: number; size: number; total_elements: number; total_pages: number };
}

describe('GET /api/v1/plugins/{id}/event-runs', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: string;
  let pluginId: string;
  let renewalEvent: string;
  let alertEvent: string;

  const runs = (query = '', headers = inOrg(owner, team), id = pluginId) =>
    app.inject({ method: 'GET', url: `/api/v1/plugins/${id}/event-runs${query}`, headers });
  /** Polls the API until the run of `eventId` has `status`. */
  const runOf = (eventId: string, status: string) =>
    waitFor(
      async () => {
        const page = (await runs('?size=100')).json() as RunPage;
        return page.content.find((r) => r.event_id === eventId && r.status === status);
      },
      `the ${status} run of ${eventId}`,
      45_000,
    );

  beforeAll(async () => {
    ({ app } = await createWebhookApp(FAST_WEBHOOKS));
    owner = await signUp(app);
    admin = await signUp(app);
    member = await signUp(app);
    stranger = await signUp(app);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: inOrg(owner, team),
      payload: { name: 'runs-watcher', code: PLUGIN },
    });
    expect(res.statusCode, res.body).toBe(201);
    pluginId = res.json().id;
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('lists a successful handler run with its result and logs', async () => {
    renewalEvent = (await emit(app, team, 'contract.renewal_upcoming', { contract_id: 'c-7', days: 30 })).id;
    const run = await runOf(renewalEvent, 'SUCCEEDED');
    expect(run).toMatchObject({
      event_id: renewalEvent,
      event_type: 'contract.renewal_upcoming',
      plugin_version: 1,
      status: 'SUCCEEDED',
      attempt_count: 1,
      next_attempt_at: null,
    });
    expect(run.last_attempt_at).not.toBeNull();
    expect(Number.isNaN(Date.parse(run.created_at))).toBe(false);
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0]).toMatchObject({ result: { handled: ['on_renewal'] }, error: null });
    expect(run.attempts[0]?.logs).toContain('info: renewal of c-7');
    expect(run.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('lists a failing run with every retry attempt and its error', async () => {
    alertEvent = (await emit(app, team, 'alert.created', { alert_id: 'a-1' })).id;
    const run = await runOf(alertEvent, 'FAILED');
    expect(run).toMatchObject({ event_type: 'alert.created', attempt_count: 2 });
    expect(run.attempts).toHaveLength(2);
    for (const attempt of run.attempts) {
      expect(attempt.result).toBeNull();
      expect(attempt.error).toMatch(/^PluginException: .*alert handler is broken/);
    }
    expect(Date.parse(run.attempts[0]?.at ?? '')).toBeLessThanOrEqual(Date.parse(run.attempts[1]?.at ?? ''));
  }, 60_000);

  it('pages, sorts and filters by status and event type', async () => {
    const all = (await runs()).json() as RunPage;
    expect(all.page).toEqual({ number: 0, size: 20, total_elements: 2, total_pages: 1 });
    // Newest first by default.
    expect(all.content.map((r) => r.event_id)).toEqual([alertEvent, renewalEvent]);
    const asc = (await runs('?sort=created_at,asc')).json() as RunPage;
    expect(asc.content.map((r) => r.event_id)).toEqual([renewalEvent, alertEvent]);

    const second = (await runs('?size=1&page=1')).json() as RunPage;
    expect(second.page).toEqual({ number: 1, size: 1, total_elements: 2, total_pages: 2 });
    expect(second.content.map((r) => r.event_id)).toEqual([renewalEvent]);

    const failed = (await runs('?status=FAILED')).json() as RunPage;
    expect(failed.content.map((r) => r.event_id)).toEqual([alertEvent]);
    const renewals = (await runs('?event_type=contract.renewal_upcoming')).json() as RunPage;
    expect(renewals.content.map((r) => r.event_id)).toEqual([renewalEvent]);

    expect((await runs('?sort=event_type')).statusCode).toBe(400);
    expect((await runs('?status=DONE')).statusCode).toBe(400);
  });

  it('lets OWNER and ADMIN read; MEMBER 403; other tenants and unknown plugins 404; anonymous 401', async () => {
    expect((await runs('', inOrg(admin, team))).statusCode).toBe(200);
    expect((await runs('', inOrg(member, team))).statusCode).toBe(403);

    // Another tenant: its own organization does not have the plugin.
    const foreign = await runs('', stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(renewalEvent);

    expect((await runs('', inOrg(owner, team), '0190a0b4-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await runs('', inOrg(owner, team), 'not-a-uuid')).statusCode).toBe(400);
    expect((await runs('', {})).statusCode).toBe(401);
  });

  it('is documented in /openapi.json as a pageable operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/api/v1/plugins/{id}/event-runs'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    const params = op.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['pageable', 'status', 'event_type']));
  });

  it('answers 404 once the plugin is deleted', async () => {
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/plugins/${pluginId}`,
      headers: inOrg(owner, team),
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await runs()).statusCode).toBe(404);
  });
});
