import type { Titles } from './menu';
import { ALL_SCREENS } from './menu';

/**
 * Permission keys (design.md §4): every screen's menu url, plus action keys for sensitive actions
 * inside a screen. Listed once here; the server enforces them, the web only hides what a role lacks.
 */
export interface ActionKeyDef {
  key: string;
  /** The screen whose permission tree node the action hangs under. */
  screen: string;
  title: Titles;
}

/** Reading the API reference; the super administrator holds it like every key. */
export const API_DOCS_KEY = 'sys:api:docs';

export const ACTION_KEYS: readonly ActionKeyDef[] = [
  { key: 'sys:logs:clear', screen: '/sys/logs', title: { en: 'Clear logs', zh: '清理日志' } },
  {
    key: 'messageTemplate:edit',
    screen: '/sys/messagetemplate',
    title: { en: 'Edit message templates and turn events on or off', zh: '编辑消息模板及开关事件' },
  },
  /** The OpenAPI document and its reference page (/_/openapi.json, /_/docs): for integrators. */
  { key: API_DOCS_KEY, screen: '/sys/roleauthor', title: { en: 'Read the API reference', zh: '查看接口文档' } },
  {
    key: 'customer:keys:reveal',
    screen: '/customer/secretkey',
    title: { en: 'Reveal key, alarm and gate codes', zh: '查看钥匙、警报及门禁密码' },
  },
  {
    key: 'customer:payments:manage',
    screen: '/customer/customerdetail',
    title: { en: 'Record and void payments and refunds', zh: '登记及作废付款与退款' },
  },
  {
    key: 'employee:account:block',
    screen: '/employee/employeelist',
    title: { en: 'Freeze and unfreeze accounts', zh: '冻结与解冻账户' },
  },
  {
    key: 'employee:pay:manage',
    screen: '/employee/employeelist/update',
    title: { en: 'View and set pay rates', zh: '查看和设置薪资标准' },
  },
  {
    key: 'service:jobs:export',
    screen: '/service/worklist',
    title: { en: 'Export the job list', zh: '导出工单列表' },
  },
  {
    key: 'job:discount:override',
    screen: '/service/workdeatil',
    title: { en: 'Give a job a discount above the maximum discount', zh: '为工单给出超过最高折扣的折扣' },
  },
  {
    key: 'office:day:reopen',
    screen: '/office/confirmshutdown',
    title: { en: 'Reopen a closed office day', zh: '重新开启已关闭的营业日' },
  },
  {
    key: 'employee:timecard:approve',
    screen: '/employee/attendance',
    title: { en: 'Approve pay periods (locks their time cards)', zh: '审批工资周期（锁定考勤卡）' },
  },
  {
    key: 'employee:timecard:reopen',
    screen: '/employee/attendance',
    title: { en: 'Reopen approved pay periods', zh: '重新开启已审批的工资周期' },
  },
  {
    key: 'employee:remark:manage',
    screen: '/employee/employeelist/update',
    title: { en: "Edit and delete other people's remarks", zh: '编辑和删除他人的备注' },
  },
  {
    key: 'marketing:campaigns:approve',
    screen: '/marketing/channellist',
    title: { en: 'Approve or fail campaigns changed by others', zh: '审核他人修改的营销活动' },
  },
  {
    key: 'marketing:giftCertificates:void',
    screen: '/marketing/giftcertificate',
    title: { en: 'Void gift certificates', zh: '作废礼品券' },
  },
  {
    key: 'marketing:giftCertificates:cashRefund',
    screen: '/marketing/giftcertificate',
    title: { en: 'Pay out a balance under $10 in cash', zh: '以现金退还不足 $10 的余额' },
  },
];

/** Lets a job's hand discount exceed the quote parameters' maximum discount (docs/business-rules.md "Coupons and discounts on jobs"). */
export const JOB_DISCOUNT_OVERRIDE_KEY = 'job:discount:override';

/** Sees and sets pay rates: an answer carrying a pay rate (or a figure it could be read back from) leaves it out without it. */
export const PAY_MANAGE_KEY = 'employee:pay:manage';

/** The field app's calls (issue 21): the cleaner role; an office role may hold it to see what a crew sees. */
export const FIELD_USE_KEY = 'field:use';

/**
 * Keys that belong to no back-office screen: the permission tree shows them in a group of their own,
 * so granting one never drags a screen (and with it a back-office menu) along.
 */
export const STANDALONE_KEY_GROUPS: readonly { key: string; title: Titles; keys: readonly { key: string; title: Titles }[] }[] = [
  {
    key: '/field',
    title: { en: 'Field app', zh: '外勤应用' },
    keys: [
      {
        key: FIELD_USE_KEY,
        title: { en: 'Use the field app (my day, codes, photos, punches)', zh: '使用外勤应用（当日工单、密码、照片、打卡）' },
      },
    ],
  },
];

/** Keys a route may declare instead of a permission: no session needed, or any valid session. */
export const PUBLIC = 'public';
export const AUTHENTICATED = 'authenticated';

/** Screen keys: the permission of each canonical (non-shortcut) screen. */
export const SCREEN_KEYS: readonly string[] = [...new Set(ALL_SCREENS.map((s) => s.permission))];

export const ALL_PERMISSION_KEYS: readonly string[] = [
  ...SCREEN_KEYS,
  ...ACTION_KEYS.map((a) => a.key),
  ...STANDALONE_KEY_GROUPS.flatMap((g) => g.keys.map((k) => k.key)),
];

export function isPermissionKey(key: string): boolean {
  return ALL_PERMISSION_KEYS.includes(key);
}
