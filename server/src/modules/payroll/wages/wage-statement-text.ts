import type { Locale } from '@tidyhouse/contract';

/**
 * The wage statement's own words (Labor Code 226(a) and 226.2 items), in both languages; the line
 * titles and the words shared with the XLSX export are in wage-labels.ts.
 */
export const STATEMENT_TEXT = {
  employer: { en: 'Employer', zh: '雇主' },
  employerAddress: { en: 'Employer address', zh: '雇主地址' },
  employeeNo: { en: 'Employee number', zh: '员工编号' },
  inclusiveDates: { en: 'Pay period (inclusive)', zh: '发薪周期（含首尾日）' },
  totalHours: { en: 'Total hours worked', zh: '总工时' },
  ratesTitle: { en: 'Hourly rates in effect', zh: '适用的小时费率' },
  rateLine: { en: 'Rate', zh: '费率' },
  week: { en: 'Workweek of {date}', zh: '{date} 起的工作周' },
  regularRate: { en: 'Regular rate: {straight} ÷ {hours} h', zh: '常规费率：{straight} ÷ {hours} 小时' },
  regularRateFloor: {
    en: 'Regular rate: minimum wage over {hours} h ({floor}; straight pay {straight})',
    zh: '常规费率：按 {hours} 小时最低工资（{floor}；正常工资 {straight}）',
  },
  overtimeRate: { en: 'Overtime rate: 1.5 × regular rate', zh: '加班费率：1.5 × 常规费率' },
  doubleTimeRate: { en: 'Double-time rate: 2 × regular rate', zh: '双倍加班费率：2 × 常规费率' },
  premiumNote: {
    en: 'Every hour is paid at straight time above; overtime and double-time hours add the premium lines (½ and 1 × the regular rate), which together make the overtime and double-time rates shown here.',
    zh: '上表已按正常费率计入全部工时；加班和双倍加班工时另加补贴（常规费率的 0.5 倍和 1 倍），合计即此处所列的加班和双倍加班费率。',
  },
  pieceTitle: { en: 'Piece-rate work (by job)', zh: '计件工资（按工单）' },
  jobPrice: { en: 'Job price', zh: '工单价格' },
  percentage: { en: 'Percentage', zh: '提成比例' },
  pay: { en: 'Pay', zh: '工资' },
  minimumWage: { en: 'Minimum wage used', zh: '适用的最低工资' },
  perHour: { en: '{rate}/h', zh: '每小时 {rate}' },
  sickLeave: { en: 'Paid sick leave available', zh: '可用带薪病假' },
  sickLeaveHours: { en: '{hours} h (as of {date})', zh: '{hours} 小时（截至 {date}）' },
  netPay: {
    en: 'Deductions (taxes and withholdings) and net pay are computed by the payroll processor and shown on the pay stub it issues; the amounts here are gross earnings.',
    zh: '扣款（税款及代扣项目）和实发工资由薪资处理服务商计算，并列在其出具的工资条上；此处金额为应发工资。',
  },
} satisfies Record<string, Record<Locale, string>>;

export type StatementTextKey = keyof typeof STATEMENT_TEXT;

/** A statement text with its {placeholders} filled. */
export function statementText(key: StatementTextKey, locale: Locale, params: Record<string, string> = {}): string {
  return STATEMENT_TEXT[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
