import { FIELD_USE_KEY, SCREEN_KEYS } from '@tidyhouse/contract';

export interface RolePreset {
  code: string;
  nameEn: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
  isSuper?: boolean;
  keys: readonly string[];
}

const screensUnder = (...prefixes: string[]) => SCREEN_KEYS.filter((k) => prefixes.some((p) => k.startsWith(p)));

/**
 * The roles a new business starts with. Office staff can change their keys later (Role & Permission
 * List); the super administrator always holds every key.
 */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    code: 'super_admin',
    nameEn: 'Super Administrator',
    nameZh: '超级管理员',
    description: 'Every screen and action, including roles and logs.',
    descriptionZh: '所有页面和操作，包括角色和日志。',
    isSuper: true,
    keys: [],
  },
  {
    code: 'office_manager',
    nameEn: 'Office Manager',
    nameZh: '办公室经理',
    description:
      'Runs the office: customers, sales, scheduling, employees, wages, office routines, marketing and business settings.',
    descriptionZh: '管理办公室：客户、销售、排期、员工、工资、办公室日常、市场营销和企业设置。',
    keys: [
      ...screensUnder('/quick/dashboard', '/sales/', '/customer/', '/employee/', '/service/', '/office/', '/marketing/'),
      '/sys/positionparameter',
      '/sys/serviceprice',
      '/sys/labortype',
      '/sys/region',
      '/sys/messagetemplate',
      'messageTemplate:edit',
      'customer:keys:reveal',
      'customer:payments:manage',
      'employee:account:block',
      'employee:pay:manage',
      'employee:remark:manage',
      'employee:timecard:approve',
      'employee:timecard:reopen',
      'service:jobs:export',
      'office:day:reopen',
      'marketing:campaigns:approve',
      'marketing:giftCertificates:void',
      'marketing:giftCertificates:cashRefund',
      // To open the field app and see what a crew sees.
      FIELD_USE_KEY,
    ],
  },
  {
    code: 'scheduler',
    nameEn: 'Scheduler',
    nameZh: '排班员',
    description: 'Plans jobs and teams day to day, confirms completed jobs.',
    descriptionZh: '安排每天的工单和团队，确认已完成的工单。',
    keys: [
      '/quick/dashboard',
      '/customer/customerlist',
      '/customer/customerdetail',
      '/customer/secretkey',
      '/customer/connectrecord',
      ...screensUnder('/service/'),
      '/employee/dailyallocation',
      '/employee/teambuilding',
      '/employee/attendance',
      '/office/dailyschedule',
      '/office/completionconfirmat',
      'service:jobs:export',
    ],
  },
  {
    code: 'sales',
    nameEn: 'Sales Representative',
    nameZh: '销售代表',
    description: 'Quotes prospects and follows up with customers.',
    descriptionZh: '为潜在客户报价并跟进客户。',
    keys: [
      '/quick/dashboard',
      ...screensUnder('/sales/'),
      '/customer/customerlist',
      '/customer/customerdetail',
      '/customer/connectrecord',
    ],
  },
  {
    code: 'cleaner',
    nameEn: 'Field Technician',
    nameZh: '保洁技师',
    description: 'Cleaners in the field: an account for the field app, no back-office screens.',
    descriptionZh: '外勤保洁员：使用外勤应用的账户，不能进入后台页面。',
    keys: [FIELD_USE_KEY],
  },
];
