import type { Locale, PayLineKind, PayType } from '@tidyhouse/contract';

/** Titles of pay lines in printed and exported documents (the screen has its own in its locale files). */
export const PAY_LINE_TITLES: Record<PayLineKind, Record<Locale, string>> = {
  salary: { en: 'Salary (exempt)', zh: '固定薪资（豁免）' },
  regular: { en: 'Regular pay (all hours)', zh: '正常工资（全部工时）' },
  piece: { en: 'Percentage of job price', zh: '工单价格提成' },
  drive: { en: 'Drive between jobs', zh: '工单间驾驶' },
  nonProductive: { en: 'Other non-productive time', zh: '其他非生产时间' },
  labor: { en: 'Other labor', zh: '其他工种' },
  rest: { en: 'Rest and recovery periods', zh: '休息时间' },
  sickPay: { en: 'Paid sick leave', zh: '带薪病假' },
  overtime: { en: 'Overtime premium (+½ regular rate)', zh: '加班补贴（+0.5 倍常规费率）' },
  doubleTime: { en: 'Double-time premium (+1× regular rate)', zh: '双倍加班补贴（+1 倍常规费率）' },
  mealPremium: { en: 'Meal break premium', zh: '用餐休息补偿' },
  restPremium: { en: 'Rest break premium', zh: '工间休息补偿' },
  splitShift: { en: 'Split-shift premium', zh: '分段班次补贴' },
  minimumWageTopUp: { en: 'Minimum wage top-up', zh: '最低工资补足' },
  tips: { en: 'Tips', zh: '小费' },
  adjustment: { en: 'Adjustments to approved periods', zh: '已审批周期的调整' },
};

export const DOC_TEXT = {
  employee: { en: 'Employee', zh: '员工' },
  period: { en: 'Pay period', zh: '发薪周期' },
  paidBy: { en: 'Paid by', zh: '计薪方式' },
  hours: { en: 'Hours', zh: '工时' },
  rate: { en: 'Rate', zh: '费率' },
  amount: { en: 'Amount', zh: '金额' },
  gross: { en: 'Gross pay', zh: '应发工资' },
  line: { en: 'Line', zh: '项目' },
  date: { en: 'Date', zh: '日期' },
  job: { en: 'Job', zh: '工单' },
  details: { en: 'Details', zh: '明细' },
  statement: { en: 'Wage statement', zh: '工资单' },
  day: { en: 'Day', zh: '日' },
  regularHours: { en: 'Regular', zh: '正常' },
  overtimeHours: { en: 'Overtime', zh: '加班' },
  doubleTimeHours: { en: 'Double time', zh: '双倍加班' },
  days: { en: 'Days worked', zh: '出勤日' },
  footer: {
    en: 'Computed under California rules (Labor Code 510, 226.2, 226.7; Wage Order 5). Overtime is shown as a premium on top of straight time for every hour.',
    zh: '按加州规定计算（劳动法 510、226.2、226.7 条；第 5 号工资令）。加班以补贴形式列示，全部工时已按正常费率计入。',
  },
} satisfies Record<string, Record<Locale, string>>;

export const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** How the employee is paid, in the words of the statement (the employee reads it, not the office). */
export const PAID_BY_TITLES: Record<PayType, Record<Locale, string>> = {
  hourly: { en: 'hourly rate', zh: '按小时计薪' },
  salary: { en: 'salary', zh: '固定薪资' },
  percentage: { en: 'percentage of the job price', zh: '按工单价格提成' },
};
