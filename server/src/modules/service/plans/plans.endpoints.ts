import type { EndpointCase } from '../../../../test/endpoints';
import { addPlan, inDays, planBody, planJobs } from './plans.fixtures';

const PLANS = '/service/planlist';

/** A fresh plan of its own for rows that change one (the guard test runs them in any order). */
const freshPlan = async (t: Parameters<NonNullable<EndpointCase['validBody']>>[0]) =>
  addPlan(t, await t.loginAs('office_manager'));

const change = (id: number, version: number, extra: Record<string, unknown> = {}) => ({
  id,
  version,
  fromDate: inDays(1),
  frequency: 'biweekly',
  servicePriceCents: 17000,
  budgetMinutes: 180,
  ...extra,
});

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/servicePlan/queryList',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: () => ({ status: 'used', keyword: 'P-' }),
    badBodies: [{ pageSize: 0 }, { status: 'paused' }, { frequency: 'daily' }],
  },
  {
    path: '/servicePlan/detail',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshPlan(t)).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/servicePlan/history',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshPlan(t)).id }),
    badBodies: [{}, { id: 0 }],
  },
  {
    path: '/servicePlan/add',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: (t) => planBody(t),
    badBodies: [
      {},
      { locationId: 1, frequency: 'weekly', servicePriceCents: 100, budgetMinutes: 60 },
      { locationId: 1, startDate: '2027-02-30', frequency: 'weekly', servicePriceCents: 100, budgetMinutes: 60 },
      { locationId: 1, startDate: '2027-02-03', frequency: 'custom', servicePriceCents: 100, budgetMinutes: 60 },
      { locationId: 1, startDate: '2027-02-03', frequency: 'weekly', servicePriceCents: -1, budgetMinutes: 60 },
      {
        locationId: 1,
        startDate: '2027-02-03',
        frequency: 'weekly',
        servicePriceCents: 100,
        budgetMinutes: 60,
        windowStart: '11:00',
        windowEnd: '09:00',
      },
      {
        locationId: 1,
        startDate: '2027-02-03',
        frequency: 'weekly',
        servicePriceCents: 100,
        budgetMinutes: 60,
        lines: [{ priceItemId: 1, quantity: -2 }],
      },
      { locationId: 999999, startDate: '2027-02-03', frequency: 'weekly', servicePriceCents: 100, budgetMinutes: 60 },
    ],
  },
  {
    path: '/servicePlan/modify',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return { id: plan.id, version: plan.version, notes: 'Ring twice' };
    },
    badBodies: [{}, { id: 1, version: 1 }],
  },
  {
    path: '/servicePlan/previewChange',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return change(plan.id, plan.version);
    },
    badBodies: [{}, change(1, 1, { fromDate: '' }), change(1, 1, { frequency: 'custom' })],
  },
  {
    path: '/servicePlan/applyChange',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return change(plan.id, plan.version);
    },
    badBodies: [{}, change(1, 1, { fromDate: '2027-13-01' }), change(1, 1, { endDate: '2000-01-01' })],
  },
  {
    path: '/servicePlan/skipOccurrence',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return { id: plan.id, occurrenceDate: (await planJobs(t, plan.id))[1]!.occurrenceDate, reason: 'Family visiting' };
    },
    badBodies: [{}, { id: 1, occurrenceDate: '2027-02-30' }],
  },
  {
    path: '/servicePlan/moveOccurrence',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      const job = (await planJobs(t, plan.id))[1]!;
      return { id: plan.id, occurrenceDate: job.occurrenceDate, toDate: inDays(10), startTime: '13:00' };
    },
    badBodies: [
      {},
      { id: 1, occurrenceDate: inDays(3) },
      { id: 1, occurrenceDate: inDays(3), toDate: inDays(4), startTime: '25:00' },
    ],
  },
  {
    path: '/servicePlan/pause',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return { id: plan.id, version: plan.version, reason: 'Away for the summer' };
    },
    badBodies: [{}, { id: 1 }, { id: 1, version: 1, fromDate: '2027-02-30' }],
  },
  {
    path: '/servicePlan/resume',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      const token = await t.loginAs('office_manager');
      const paused = await t.call<{ version: number }>('/servicePlan/pause', {
        token,
        body: { id: plan.id, version: plan.version },
      });
      return { id: plan.id, version: paused.data.version };
    },
    badBodies: [{}, { id: 1, version: 'x' }],
  },
  {
    path: '/servicePlan/cancel',
    permission: PLANS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const plan = await freshPlan(t);
      return { id: plan.id, version: plan.version, reason: 'Moved out of the area' };
    },
    badBodies: [{}, { id: 1, version: 1 }, { id: 1, version: 1, reason: '  ' }],
  },
];
