import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseBenchmarkAlert, raiseRenewalAlert } from '../../src/alerts/service.js';
import { addDays, todayIn } from '../../src/contracts/renewal.js';
import { scanContracts } from '../../src/contracts/service.js';
import type { Executor } from '../../src/db/client.js';
import { type DomainEvent, publish, type Reactions } from '../../src/events/reactions.js';
import { REACTIONS } from '../../src/jobs/reactions.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';

type Json = Record<string, unknown>;

describe('domain events and their reactions (docs/architecture.md rule 4)', () => {
  it('runs the listed reactions of the type in order and counts those that acted', async () => {
    const calls: string[] = [];
    const table: Reactions = {
      'contract.renewal_due': [
        async (_tx, e) => {
          calls.push(`a:${e.contract.id}`);
          return true;
        },
        async (_tx, e) => {
          calls.push(`b:${e.contract.id}`);
          return false;
        },
      ],
      'benchmark.document_flagged': [],
      'document.deleting': [],
    };
    const contract = {
      id: 'c1',
      organizationId: 'o1',
      vendor: 'V',
      type: 'Service',
      status: 'ACTIVE',
      renewalDate: null,
      noticeDeadline: null,
      autoRenew: false,
      documentId: null,
    };
    const tx = {} as Executor;
    const event: DomainEvent = {
      type: 'contract.renewal_due',
      contract,
      today: '2026-01-01',
      alertDays: [7],
    };
    expect(await publish(table, tx, event)).toBe(1);
    expect(calls).toEqual(['a:c1', 'b:c1']);
  });

  it('lists the alerts as the subscribers of contract and benchmark facts', () => {
    expect(REACTIONS['contract.renewal_due']).toEqual([raiseRenewalAlert]);
    expect(REACTIONS['benchmark.document_flagged']).toEqual([raiseBenchmarkAlert]);
  });

  describe('contracts publish, alerts react through the table', () => {
    let app: TestApp;
    let h: Record<string, string>;
    let org: string;
    const today = todayIn('UTC');

    beforeAll(async () => {
      ({ app } = await createTestApp());
      const owner = await signUp(app);
      org = await createTeam(app, owner);
      h = inOrg(owner, org);
    });
    afterAll(async () => {
      app.ctx.reactions = REACTIONS;
      await app?.close();
    });

    const createContract = (vendor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contracts',
        headers: h,
        // notice deadline in 5 days: inside every default threshold (90, 30, 7)
        payload: { vendor, type: 'Service', renewal_date: addDays(today, 12), notice_period_days: 7 },
      });
    const total = async (url: string) =>
      ((await app.inject({ method: 'GET', url, headers: h })).json() as { meta: { total: number } }).meta
        .total;

    it('raises no alert when the table lists no reaction, and the fact reaches a listed one', async () => {
      const seen: DomainEvent[] = [];
      app.ctx.reactions = {
        'contract.renewal_due': [
          async (_tx, e) => {
            seen.push(e);
            return false;
          },
        ],
        'benchmark.document_flagged': [],
        'document.deleting': [],
      };
      const res = await createContract('Quiet Corp');
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as Json).id;
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({
        type: 'contract.renewal_due',
        contract: { id, organizationId: org, noticeDeadline: addDays(today, 5) },
        today,
        alertDays: [90, 30, 7],
      });
      expect(await total('/api/alerts')).toBe(0);
    });

    it('rolls the contract back with a reaction that fails (one transaction)', async () => {
      app.ctx.reactions = {
        'contract.renewal_due': [
          async () => {
            throw new Error('reaction failed');
          },
        ],
        'benchmark.document_flagged': [],
        'document.deleting': [],
      };
      const before = await total('/api/contracts');
      expect((await createContract('Failing Corp')).statusCode).toBe(500);
      expect(await total('/api/contracts')).toBe(before);
    });

    it('with the real table, the scan raises the alert once through the event', async () => {
      app.ctx.reactions = REACTIONS;
      expect((await scanContracts(app.ctx, org)).alerts).toBe(1);
      expect((await scanContracts(app.ctx, org)).alerts).toBe(0);
      expect(await total('/api/alerts?kind=contract.renewal_upcoming')).toBe(1);
    });
  });
});
