/** Server messages of wages (merged into platform/messages.ts). */
export const WAGE_MESSAGES_EN = {
  'wages.settings': 'The payroll settings',
  'wages.minimumWage': 'The minimum wage rate',
  'wages.exportTooLong': 'An export holds at most {max} pay periods: choose a shorter range.',
} as const;

export type WageMessageKey = keyof typeof WAGE_MESSAGES_EN;

export const WAGE_MESSAGES_ZH: Record<WageMessageKey, string> = {
  'wages.settings': '工资设置',
  'wages.minimumWage': '该最低工资标准',
  'wages.exportTooLong': '一次导出最多 {max} 个发薪周期：请缩短日期范围。',
};
