import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectUnauthorized } from '../auth/assertions.js';
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
interface ReportLabel {
  name: string;
  path: string[];
  types: { type: string; score: number }[];
  meaning: { type: string; similarity: number } | null;
  warnings: { code: string; label: string; related: string[] }[];
}

/** A customer's own wording, with the mistakes the report is there to catch. */
const ONTOLOGY = {
  labels: [
    {
      name: 'Contract',
      children: [
        { name: 'Supply', description: 'Software licences for our products.' },
        { name: 'Agreement Services' },
        { name: 'Licensing', description: 'License agreements.' },
        { name: 'Software License' },
        { name: 'Widgets', description: 'Blue ones.' },
        { name: 'Upkeep', description: 'Keeping equipment and software working after delivery.' },
      ],
    },
    { name: 'Invoice', description: 'Bills from our suppliers.' },
  ],
};

describe('the ontology report (issue 33)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let team: string;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    [owner, member] = await Promise.all([signUp(app), signUp(app)]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app?.close();
  });

  const getReport = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/ontology/report', headers });

  it('reports an empty ontology as no labels and no warnings', async () => {
    const res = await getReport(inOrg(owner, team));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: 0, labels: [], warnings: [] });
  });

  it('answers PUT ?report=true with the saved version and how each label is read, with warnings to act on', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology?report=true',
      headers: inOrg(owner, team),
      payload: ONTOLOGY,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      version: number;
      labels: Json[];
      report: { version: number; labels: ReportLabel[] };
    };
    expect(body.version).toBe(1);
    expect(body.labels).toHaveLength(2);
    expect(body.report.version).toBe(1);
    const byName = new Map(body.report.labels.map((l) => [l.name, l]));
    expect([...byName.keys()]).toEqual([
      'Contract',
      'Supply',
      'Agreement Services',
      'Licensing',
      'Software License',
      'Widgets',
      'Upkeep',
      'Invoice',
    ]);
    expect(byName.get('Supply')?.path).toEqual(['Contract', 'Supply']);
    expect(byName.get('Invoice')?.types[0]).toEqual({ type: 'invoice', score: 1 });
    const codes = (name: string) => byName.get(name)?.warnings.map((w) => w.code) ?? [];
    expect(codes('Supply')).toContain('description_contradicts_name');
    expect(codes('Agreement Services')).toContain('generic_name');
    expect(codes('Widgets')).toContain('maps_to_nothing');
    expect(codes('Licensing')).toContain('same_type_as_sibling');
    expect(byName.get('Licensing')?.warnings.find((w) => w.code === 'same_type_as_sibling')?.related).toEqual(
      ['Software License'],
    );
    expect(codes('Invoice')).toEqual([]);
    // by its words "software" makes Upkeep development; read as a sentence it is maintenance
    expect(byName.get('Upkeep')?.types[0]?.type).toBe('development');
    expect(byName.get('Upkeep')?.meaning?.type).toBe('maintenance');
    expect(codes('Upkeep')).toContain('meaning_differs');
    expect(byName.get('Invoice')?.meaning).toBeNull();
  });

  it('keeps the plain PUT answer to {version, labels}, and serves the same report to any member on GET', async () => {
    const plain = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers: inOrg(owner, team),
      payload: ONTOLOGY,
    });
    expect(Object.keys(plain.json()).sort()).toEqual(['labels', 'version']);
    const res = await getReport(inOrg(member, team));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as { version: number; labels: ReportLabel[]; warnings: Json[] };
    expect(report.version).toBe(1);
    expect(report.warnings.length).toBe(report.labels.reduce((n, l) => n + l.warnings.length, 0));
    expect(report.warnings.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 400 for a report flag that is not true or false, and 401 without credentials', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology?report=yes',
      headers: inOrg(owner, team),
      payload: ONTOLOGY,
    });
    expectProblem(res, 400);
    expectUnauthorized(await app.inject({ method: 'GET', url: '/api/v1/ontology/report' }));
  });
});

describe('the ontology report without its interpreter', () => {
  let app: TestApp;
  let owner: TestUser;
  let team: string;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_PYTHON: '/nonexistent/python3' }));
    owner = await signUp(app);
    team = await createTeam(app, owner);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 saying why on GET, and still saves a PUT with report null', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology?report=true',
      headers: inOrg(owner, team),
      payload: { labels: [{ name: 'Invoice' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ version: 1, report: null });
    const res = await getReport();
    expectProblem(res, 503);
    expect(res.json().detail).toMatch(/^The ontology report could not be made: .*ENOENT/);

    async function getReport() {
      return app.inject({ method: 'GET', url: '/api/v1/ontology/report', headers: inOrg(owner, team) });
    }
  });
});
