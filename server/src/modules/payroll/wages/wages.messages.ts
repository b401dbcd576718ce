/** Server messages of wages (merged into platform/messages.ts). */
export const WAGE_MESSAGES_EN = {
  'wages.settings': 'The payroll settings',
  'wages.minimumWage': 'The minimum wage rate',
  'wages.exportTooLong': 'An export holds at most {max} pay periods: choose a shorter range.',
  'wages.minimumWageApproved':
    'A minimum wage from {date} would change the pay of the approved pay period {start} – {end}: reopen the period (with a reason) first.',
  'wages.settingsApproved':
    'This change of the payroll settings would recompute the approved pay period {start} – {end}: reopen the approved periods (with a reason) first.',
} as const;

export type WageMessageKey = keyof typeof WAGE_MESSAGES_EN;

export const WAGE_MESSAGES_ZH: Record<WageMessageKey, string> = {
  'wages.settings': '工资设置',
  'wages.minimumWage': '该最低工资标准',
  'wages.exportTooLong': '一次导出最多 {max} 个发薪周期：请缩短日期范围。',
  'wages.minimumWageApproved': '自 {date} 起的最低工资会改变已审批工资周期 {start} – {end} 的工资：请先填写原因重新开启该周期。',
  'wages.settingsApproved': '此工资设置更改会重新计算已审批的工资周期 {start} – {end}：请先填写原因重新开启已审批的周期。',
};
