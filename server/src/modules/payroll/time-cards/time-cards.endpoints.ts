import { and, eq, isNull } from 'drizzle-orm';
import type { EndpointCase } from '../../../../test/endpoints';
import { userIdOf } from '../../employees/test-support';
import { punchOf } from './time-cards.fixtures';
import { mealWaivers } from './time-cards.tables';

const SCREEN = '/employee/attendance';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/jhSchedule/queryAttendance',
    permission: SCREEN,
    deniedRole: 'sales',
    allowedRole: 'scheduler',
    validBody: () => ({ view: 'day', date: '2026-02-10' }),
    badBodies: [
      {},
      { view: 'day', date: '2026-02-30' },
      { view: 'week', date: '2026-02-10' },
      { view: 'month', date: '2026-02-10' },
    ],
  },
  {
    path: '/timeCard/queryFlags',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ from: '2026-02-01', to: '2026-02-28' }),
    badBodies: [
      {},
      { from: '2026-02-10', to: '2026-02-01' },
      { from: '2026-01-01', to: '2026-06-30' },
      { from: '2026-02-01', to: 'x' },
    ],
  },
  {
    path: '/timeCard/addPunch',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({
      userId: await userIdOf(t, 'rosa.martinez'),
      workDate: '2026-02-11',
      kind: 'shift',
      startTime: '08:00',
      endTime: '16:30',
    }),
    badBodies: [
      {},
      { userId: 1, workDate: '2026-02-11', kind: 'job', startTime: '08:00' },
      { userId: 1, workDate: '2026-02-11', kind: 'labor', startTime: '08:00' },
      { userId: 1, workDate: '2026-02-11', kind: 'shift', startTime: '8am' },
      { userId: 1, workDate: '2026-02-11', kind: 'nap', startTime: '08:00' },
    ],
  },
  {
    path: '/timeCard/updatePunch',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const punch = await punchOf(t, { workDate: '2026-02-12', start: '08:00', end: '16:00' });
      return {
        id: punch.id,
        version: punch.version,
        kind: 'shift',
        startTime: '07:45',
        endTime: '16:00',
        reason: 'Forgot to clock in',
      };
    },
    badBodies: [
      {},
      { id: 1, version: 1, kind: 'shift', startTime: '08:00', endTime: '16:00' },
      { id: 1, version: 1, kind: 'shift', startTime: '08:00', endTime: '16:00', reason: '   ' },
      { id: 1, version: 1, kind: 'job', startTime: '08:00', reason: 'x' },
    ],
  },
  {
    path: '/timeCard/removePunch',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const punch = await punchOf(t, { workDate: '2026-02-13', start: '08:00', end: '09:00' });
      return { id: punch.id, version: punch.version, reason: 'Entered twice' };
    },
    badBodies: [{}, { id: 1, version: 1 }, { id: 'x', version: 1, reason: 'x' }],
  },
  {
    path: '/timeCard/updateDay',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({
      userId: await userIdOf(t, 'rosa.martinez'),
      workDate: '2026-02-11',
      missedRestBreaks: 1,
      note: 'Busy day',
    }),
    badBodies: [
      {},
      { userId: 1, workDate: '2026-02-11', missedRestBreaks: 6 },
      { userId: 1, workDate: '2026-02-11', missedRestBreaks: -1 },
      { userId: 1, workDate: '2026-02-11', missedRestBreaks: 1.5 },
    ],
  },
  {
    path: '/timeCard/approvePeriod',
    permission: 'employee:timecard:approve',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ date: '2025-06-10', userIds: [await userIdOf(t, 'rosa.martinez')] }),
    badBodies: [{}, { date: '2025-06-31' }, { date: '2025-06-10', userIds: ['x'] }],
  },
  {
    path: '/timeCard/reopenPeriod',
    permission: 'employee:timecard:reopen',
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const userId = await userIdOf(t, 'rosa.martinez');
      const token = await t.sessionAs('super_admin');
      await t.call('/timeCard/approvePeriod', { token, body: { date: '2025-05-10', userIds: [userId] } });
      return { date: '2025-05-10', userIds: [userId], reason: 'Punch missing' };
    },
    badBodies: [{}, { date: '2025-05-10' }, { date: '2025-05-10', reason: ' ' }],
  },
  {
    path: '/timeCard/queryMealWaivers',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { userId: 'x' }, { userId: 0 }],
  },
  {
    path: '/timeCard/addMealWaiver',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez'), meal: 1, signedOn: '2026-02-02' }),
    badBodies: [
      {},
      { userId: 1, meal: 3, signedOn: '2026-02-02' },
      { userId: 1, meal: 1, signedOn: '2026-02-30' },
      { userId: 1, meal: 1 },
    ],
  },
  {
    path: '/timeCard/revokeMealWaiver',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const userId = await userIdOf(t, 'xiuying.li');
      // Called once per role: an earlier row's waiver is closed first (one open waiver per meal).
      await t.db
        .update(mealWaivers)
        .set({ revokedOn: '2026-01-20' })
        .where(and(eq(mealWaivers.userId, userId), isNull(mealWaivers.revokedOn)));
      const [waiver] = await t.db.insert(mealWaivers).values({ userId, meal: 2, signedOn: '2026-01-05' }).returning();
      return { id: waiver!.id, version: waiver!.version, revokedOn: '2026-02-01' };
    },
    badBodies: [{}, { id: 1, version: 1 }, { id: 1, version: 1, revokedOn: 'x' }],
  },
];
