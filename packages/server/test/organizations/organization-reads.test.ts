import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveContract } from '../../src/contracts/service.js';
import { insertIdentity, putSettings } from '../../src/organizations/repository.js';
import { organizationReads } from '../../src/organizations/settings.js';
import { insertExtractedDocument } from '../contracts/support.js';
import { createTeam, createTestApp, signUp, type TestApp } from '../support/app.js';

describe("a run's reads of its organization (settings, identities)", () => {
  let app: TestApp;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    const owner = await signUp(app);
    orgA = await createTeam(app, owner);
    orgB = await createTeam(app, owner);
    await putSettings(app.ctx.db, orgA, { timezone: 'Europe/Berlin' });
    await putSettings(app.ctx.db, orgB, { timezone: 'Asia/Tokyo' });
    await insertIdentity(app.ctx.db, {
      organizationId: orgA,
      kind: 'LEGAL_NAME',
      value: 'Acme A',
      isPrimary: true,
    });
    await insertIdentity(app.ctx.db, {
      organizationId: orgB,
      kind: 'LEGAL_NAME',
      value: 'Beta B',
      isPrimary: true,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("gives only its organization's rows", async () => {
    const a = organizationReads(app.ctx.db, orgA);
    const b = organizationReads(app.ctx.db, orgB);
    expect((await a.settings())?.timezone).toBe('Europe/Berlin');
    expect((await b.settings())?.timezone).toBe('Asia/Tokyo');
    expect((await a.identities()).map((i) => i.value)).toEqual(['Acme A']);
    expect((await b.identities()).map((i) => i.value)).toEqual(['Beta B']);
  });

  it('keeps what it read for its run; a new run sees a change', async () => {
    const run = organizationReads(app.ctx.db, orgA);
    expect((await run.settings())?.timezone).toBe('Europe/Berlin');
    await putSettings(app.ctx.db, orgA, { timezone: 'America/New_York' });
    // One snapshot per run: the steps of a run agree on the settings they used.
    expect((await run.settings())?.timezone).toBe('Europe/Berlin');
    expect((await organizationReads(app.ctx.db, orgA).settings())?.timezone).toBe('America/New_York');
  });

  it("refuses another organization's reads for a document", async () => {
    const doc = await insertExtractedDocument(app.ctx, orgA, ['Contract'], { parties: ['Acme A', 'Other'] });
    await expect(
      deriveContract(app.ctx, doc, new Date(), organizationReads(app.ctx.db, orgB)),
    ).rejects.toThrow(/organization reads of/);
  });
});
