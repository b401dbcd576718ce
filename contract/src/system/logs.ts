import { z } from 'zod';
import { LOG_CLEAR_OPTIONS } from '../constants';
import { ZIsoDate } from '../fields';
import { ZRecordId } from '../ids';
import { ZListRequest } from '../list';
import type { Titles } from '../menu';

/** Login Tracker (`/sys/logs`, module `/sysLog`): login attempts and the operation log. */

/** Results of a login attempt, as the login tracker records them. */
export const LOGIN_RESULTS = [
  'ok',
  'bad_credentials',
  'locked',
  'accountFrozen',
  'accountDisabled',
  'accountTerminated',
  'roleDisabled',
  'noMenu',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];
export const LOGIN_RESULT_TITLES: Record<LoginResult, Titles> = {
  ok: { en: 'Success', zh: '成功' },
  bad_credentials: { en: 'Wrong user name or password', zh: '用户名或密码错误' },
  locked: { en: 'Account locked', zh: '账户已锁定' },
  accountFrozen: { en: 'Account frozen', zh: '账户已冻结' },
  accountDisabled: { en: 'Account disabled', zh: '账户已停用' },
  accountTerminated: { en: 'Employee terminated', zh: '员工已离职' },
  roleDisabled: { en: 'Role disabled', zh: '角色已停用' },
  noMenu: { en: 'No back-office screens for the role', zh: '角色没有后台菜单' },
};

/**
 * Modules of the operation log (the `module` of each entry) with their titles, for the module filter.
 * Later domains add theirs here.
 */
export const AUDIT_MODULES: readonly { key: string; title: Titles }[] = [
  { key: 'auth', title: { en: 'Login & account', zh: '登录与账户' } },
  { key: 'employees', title: { en: 'Employees', zh: '员工' } },
  { key: 'customers', title: { en: 'Customers', zh: '客户' } },
  { key: 'sales', title: { en: 'Sales', zh: '销售' } },
  { key: 'roles', title: { en: 'Roles & permissions', zh: '角色与权限' } },
  { key: 'logs', title: { en: 'Logs', zh: '日志' } },
  { key: 'parameters', title: { en: 'Location parameters', zh: '地点参数' } },
  { key: 'priceList', title: { en: 'Services & price list', zh: '服务与价目表' } },
  { key: 'laborTypes', title: { en: 'Labor types', zh: '工种' } },
  { key: 'zones', title: { en: 'Zones', zh: '区域' } },
  { key: 'campaigns', title: { en: 'Campaigns', zh: '营销活动' } },
  { key: 'giftCertificates', title: { en: 'Gift certificates', zh: '礼品券' } },
  { key: 'wages', title: { en: 'Wages', zh: '工资' } },
  { key: 'service', title: { en: 'Service & Scheduling', zh: '服务与排班' } },
  { key: 'office', title: { en: 'Office Management', zh: '办公室管理' } },
  { key: 'timeCards', title: { en: 'Time cards', zh: '考勤' } },
  { key: 'field', title: { en: 'Field app', zh: '外勤应用' } },
  { key: 'billing', title: { en: 'Billing', zh: '账务' } },
  { key: 'messaging', title: { en: 'Customer messages', zh: '客户消息' } },
];

/** A date range of business dates (business time zone), both ends included. */
const dateRange = {
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
};
const checkRange = (v: { dateFrom?: string | undefined; dateTo?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.dateFrom && v.dateTo && v.dateTo < v.dateFrom)
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'rule.dateRange' });
};

export const ZLoginLogListRequest = ZListRequest.extend({
  ...dateRange,
  /** Start of the user name (case-insensitive). */
  uname: z.string().trim().max(64).optional(),
  result: z.enum(LOGIN_RESULTS).nullish(),
  success: z.boolean().nullish(),
}).superRefine(checkRange);
export type LoginLogListRequest = z.infer<typeof ZLoginLogListRequest>;

export const ZLoginLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  uname: z.string(),
  userId: z.number().int().nullable(),
  success: z.boolean(),
  result: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type LoginLogEntry = z.infer<typeof ZLoginLogEntry>;

export const ZOperationLogListRequest = ZListRequest.extend({
  ...dateRange,
  /** Start of the user name (case-insensitive). */
  uname: z.string().trim().max(64).optional(),
  userId: ZRecordId.nullish(),
  module: z.string().trim().max(48).optional(),
  action: z.string().trim().max(48).optional(),
  /** Text anywhere in the summary (case-insensitive). */
  text: z.string().trim().max(100).optional(),
}).superRefine(checkRange);
export type OperationLogListRequest = z.infer<typeof ZOperationLogListRequest>;

export const ZOperationLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  uname: z.string().nullable(),
  ip: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.number().int().nullable(),
  summary: z.string(),
  /** Field changes `{field: {from, to}}`; secrets appear only as "***". */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
});
export type OperationLogEntry = z.infer<typeof ZOperationLogEntry>;

export const LOG_CLEAR_TARGETS = ['login', 'operation', 'both'] as const;
export type LogClearTarget = (typeof LOG_CLEAR_TARGETS)[number];

/**
 * Clearing (spec §2, §9): deletes entries older than the cut-off day (one, two or three months before
 * today in the business time zone, or the given date). Clearing entries are never cleared.
 */
export const ZLogClearRequest = z
  .object({
    option: z.enum(LOG_CLEAR_OPTIONS),
    date: ZIsoDate.optional(),
    target: z.enum(LOG_CLEAR_TARGETS).default('both'),
  })
  .superRefine((v, ctx) => {
    if (v.option === 'date' && !v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'rule.clearDateRequired' });
  });
export type LogClearRequest = z.infer<typeof ZLogClearRequest>;

export const ZLogClearResult = z.object({
  /** Entries before this business date were deleted. */
  cutoffDate: z.string(),
  /** The moment that date began in the business time zone. */
  cutoffAt: z.string(),
  loginDeleted: z.number().int(),
  operationDeleted: z.number().int(),
});
export type LogClearResult = z.infer<typeof ZLogClearResult>;
