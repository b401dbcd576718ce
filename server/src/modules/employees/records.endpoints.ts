import type { EndpointCase } from '../../../test/endpoints';
import { daysFromToday, leavesOf, ratesOf, remarksOf, userIdOf } from './test-support';

const UPDATE = '/employee/employeelist/update';
const PAY = 'employee:pay:manage';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sysUserPay/queryList',
    permission: PAY,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { userId: 'x' }, { userId: 1, pageSize: 101 }],
  },
  {
    path: '/sysUserPay/detail',
    permission: PAY,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await ratesOf(t, 'rosa.martinez'))[0]!.id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/sysUserPay/current',
    permission: PAY,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { userId: 1, date: '2026-02-30' }],
  },
  {
    path: '/sysUserPay/addBatch',
    permission: PAY,
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      userIds: [await userIdOf(t, 'ana.lopez'), await userIdOf(t, 'sofia.ramirez')],
      payType: 'hourly',
      rateCents: 2800,
      effectiveFrom: daysFromToday(40),
    }),
    badBodies: [
      {},
      { userIds: [], payType: 'hourly', rateCents: 2800, effectiveFrom: '2027-01-01' },
      { userIds: [3], payType: 'weekly', rateCents: 2800, effectiveFrom: '2027-01-01' },
      { userIds: [3], payType: 'hourly', rateCents: 0, effectiveFrom: '2027-01-01' },
      { userIds: [3], payType: 'hourly', rateCents: 60_000, effectiveFrom: '2027-01-01' },
      { userIds: [3], payType: 'hourly', rateCents: 25.5, effectiveFrom: '2027-01-01' },
      { userIds: [3], payType: 'salary', rateCents: 250_000, effectiveFrom: '2027/01/01' },
      { userIds: [3], payType: 'salary', rateCents: 250_000 },
    ],
  },
  {
    path: '/sysUserPay/remove',
    permission: PAY,
    deniedRole: 'scheduler',
    // Rosa's scheduled raise (not yet in force).
    validBody: async (t) => ({ id: (await ratesOf(t, 'rosa.martinez')).at(-1)!.id, reason: 'Entered by mistake' }),
    badBodies: [{}, { id: 'x', reason: 'x' }, { id: 1 }, { id: 1, reason: '   ' }],
  },
  {
    path: '/sysUserPay/correct',
    permission: PAY,
    deniedRole: 'scheduler',
    // Rosa's rate in force today, corrected without moving it.
    validBody: async (t) => {
      const rate = (await ratesOf(t, 'rosa.martinez')).at(-2)!;
      return {
        id: rate.id,
        version: rate.version,
        payType: 'hourly',
        rateCents: 3250,
        effectiveFrom: rate.effectiveFrom,
        reason: 'Typo in the amount',
      };
    },
    badBodies: [
      {},
      { id: 1, version: 1, payType: 'hourly', rateCents: 3250, effectiveFrom: '2026-01-01' },
      { id: 1, version: 1, payType: 'hourly', rateCents: 0, effectiveFrom: '2026-01-01', reason: 'x' },
      { id: 1, version: 1, payType: 'hourly', rateCents: 60_000, effectiveFrom: '2026-01-01', reason: 'x' },
    ],
  },
  {
    path: '/sysUserRemark/queryList',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { userId: 0 }],
  },
  {
    path: '/sysUserRemark/detail',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await remarksOf(t, 'rosa.martinez'))[0]!.id }),
    badBodies: [{}, { id: -2 }],
  },
  {
    path: '/sysUserRemark/add',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez'), content: 'Covered a Saturday deep clean.' }),
    badBodies: [{}, { userId: 3, content: '   ' }, { userId: 3, content: 'x', remarkDate: 'tomorrow' }],
  },
  {
    path: '/sysUserRemark/modify',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const remark = (await remarksOf(t, 'rosa.martinez'))[0]!;
      return { id: remark.id, version: remark.version, content: 'Mrs. Patel asked for Rosa by name again.' };
    },
    badBodies: [{}, { id: 1, version: 1, content: '' }, { id: 1, version: '1' }],
  },
  {
    path: '/sysUserRemark/remove',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const remark = (await remarksOf(t, 'daniel.nguyen'))[0]!;
      return { id: remark.id, version: remark.version };
    },
    badBodies: [{}, { id: 1 }],
  },
  {
    path: '/sysUserLeave/queryList',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'ana.lopez'), dateFrom: '2020-01-01' }),
    badBodies: [{ dateFrom: 'soon' }, { userId: 'x' }, { dateTo: '2026-04-31' }],
  },
  {
    path: '/sysUserLeave/detail',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await leavesOf(t, 'ana.lopez'))[0]!.id }),
    badBodies: [{}],
  },
  {
    path: '/sysUserLeave/add',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      userId: await userIdOf(t, 'grace.huang'),
      startDate: daysFromToday(50),
      endDate: daysFromToday(51),
      allDay: true,
      reason: 'Vacation',
    }),
    badBodies: [
      {},
      { userId: 3, startDate: '2027-01-05', endDate: '2027-01-04', reason: 'Trip' },
      { userId: 3, startDate: '2027-01-05', endDate: '2027-01-05', allDay: false, reason: 'Doctor' },
      { userId: 3, startDate: '2027-01-05', endDate: '2027-01-06', reason: '' },
      { userId: 3, kind: 'vacation', startDate: '2027-01-05', endDate: '2027-01-06', reason: 'Trip' },
      {
        userId: 3,
        startDate: '2027-01-05',
        endDate: '2027-01-05',
        allDay: false,
        startTime: '25:00',
        endTime: '26:00',
        reason: 'x',
      },
      {
        userId: 3,
        startDate: '2027-01-05',
        endDate: '2027-01-05',
        allDay: false,
        startTime: '14:00',
        endTime: '09:00',
        reason: 'x',
      },
    ],
  },
  {
    path: '/sysUserLeave/modify',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const leave = (await leavesOf(t, 'carmen.torres'))[0]!;
      return {
        id: leave.id,
        version: leave.version,
        startDate: leave.startDate,
        endDate: leave.endDate,
        allDay: false,
        startTime: '12:00',
        endTime: '16:30',
        reason: 'Dentist appointment (moved)',
      };
    },
    badBodies: [
      {},
      { id: 1, version: 1, startDate: '', endDate: '2027-01-01', reason: 'x' },
      { id: 1, version: 1, startDate: '2027-01-02', endDate: '2027-01-01', reason: 'x' },
    ],
  },
  {
    path: '/sysUserLeave/remove',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const leave = (await leavesOf(t, 'lucia.hernandez'))[0]!;
      return { id: leave.id, version: leave.version };
    },
    badBodies: [{}, { id: 1 }],
  },
];
