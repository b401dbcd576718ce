import {
  formatCents,
  type Locale,
  PAY_LINE_KINDS,
  payPeriodsBetween,
  WAGE_EXPORT_MAX_PERIODS,
  type WageExportQuery,
} from '@tidyhouse/contract';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import type { FileReply } from '../../../platform/route';
import { jobs } from '../../service/jobs/jobs.tables';
import { loadPeriodContext, loadWageSettings } from './wage-inputs';
import { DOC_TEXT, hours, PAY_LINE_TITLES } from './wage-labels';
import { employeesOfPeriod, laborTypeNames, periodWageBatches } from './wages.service';

/**
 * Wages as XLSX (issue 11): one sheet per pay period overlapping [from, to] with a line per employee
 * (hours, each kind of pay, gross, in dollars), and a sheet of details (every item of every line: the
 * day, the job, hours, rate and amount). Headers in the caller's language. At most
 * WAGE_EXPORT_MAX_PERIODS periods; employees are computed a batch at a time. The rate column is empty
 * for a caller without the pay key (`showRates`, pay-visibility.ts).
 */
export async function exportWages(db: Db, query: WageExportQuery, locale: Locale, showRates = true): Promise<FileReply> {
  const settings = await loadWageSettings(db);
  const periods = payPeriodsBetween(query.from, query.to, settings);
  if (periods.length > WAGE_EXPORT_MAX_PERIODS) throw refused('wages.exportTooLong', { max: WAGE_EXPORT_MAX_PERIODS });
  const laborNames = await laborTypeNames(db, locale);
  const workbook = new ExcelJS.Workbook();
  const t = (key: keyof typeof DOC_TEXT) => DOC_TEXT[key][locale];
  const sheets = periods.map((p) => {
    const sheet = workbook.addWorksheet(`${p.start} – ${p.end}`.replace(/[\\/*?:[\]]/g, ''));
    sheet.columns = [
      { header: t('employee'), key: 'employee', width: 24 },
      { header: t('hours'), key: 'hours', width: 10 },
      ...PAY_LINE_KINDS.map((kind) => ({ header: `${PAY_LINE_TITLES[kind][locale]} ($)`, key: kind, width: 14 })),
      { header: `${t('gross')} ($)`, key: 'gross', width: 14 },
    ];
    sheet.getRow(1).font = { bold: true };
    return sheet;
  });
  const details = workbook.addWorksheet(t('details'));
  details.columns = [
    { header: t('period'), key: 'period', width: 24 },
    { header: t('employee'), key: 'employee', width: 24 },
    { header: t('line'), key: 'line', width: 30 },
    { header: t('date'), key: 'date', width: 12 },
    { header: t('job'), key: 'job', width: 16 },
    { header: t('hours'), key: 'hours', width: 10 },
    { header: t('rate'), key: 'rate', width: 14 },
    { header: `${t('amount')} ($)`, key: 'amount', width: 12 },
  ];
  details.getRow(1).font = { bold: true };

  for (const [index, period] of periods.entries()) {
    const context = await loadPeriodContext(db, period.start);
    const employees = await employeesOfPeriod(db, context.period);
    for await (const batch of periodWageBatches(db, context, employees)) {
      const jobIds = [
        ...new Set(batch.flatMap((b) => b.wages.lines.flatMap((l) => l.items.flatMap((i) => (i.jobId ? [i.jobId] : []))))),
      ];
      const refs = jobIds.length
        ? await db.select({ id: jobs.id, reference: jobs.reference }).from(jobs).where(inArray(jobs.id, jobIds))
        : [];
      const refOf = new Map(refs.map((r) => [r.id, r.reference]));
      for (const { employee, wages } of batch) {
        const byKind = Object.fromEntries(PAY_LINE_KINDS.map((k) => [k, 0])) as Record<string, number>;
        for (const line of wages.lines) byKind[line.kind]! += line.cents;
        sheets[index]!.addRow({
          employee: employee.name,
          hours: hours(wages.workedMinutes),
          ...Object.fromEntries(PAY_LINE_KINDS.map((k) => [k, byKind[k]! / 100])),
          gross: wages.grossCents / 100,
        });
        for (const line of wages.lines) {
          const title =
            line.laborTypeId != null
              ? `${PAY_LINE_TITLES[line.kind][locale]}: ${laborNames.get(line.laborTypeId) ?? ''}`
              : PAY_LINE_TITLES[line.kind][locale];
          const rate = !showRates
            ? ''
            : line.rateBasisPoints != null
              ? `${line.rateBasisPoints / 100}%`
              : line.rateCentsPerHour != null
                ? formatCents(line.rateCentsPerHour, locale)
                : '';
          for (const item of line.items) {
            details.addRow({
              period: `${period.start} – ${period.end}`,
              employee: employee.name,
              line: title,
              date: item.workDate,
              job: item.jobId ? (refOf.get(item.jobId) ?? '') : '',
              hours: hours(item.minutes),
              rate,
              amount: item.cents / 100,
            });
          }
        }
      }
    }
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    content,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${locale === 'zh' ? '工资汇总' : 'wages'}-${query.from}-${query.to}.xlsx`,
  };
}
