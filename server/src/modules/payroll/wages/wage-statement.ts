import { type BusinessProfileDetail, formatCents, type Locale, type WageDetail } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../../platform/pdf';
import { sysUsers } from '../../employees/employees.tables';
import { profileDetail } from '../../system/params.service';
import { sickLeaveBalance } from '../sick-leave/sick-leave.service';
import { DOC_TEXT, hours, PAID_BY_TITLES, PAY_LINE_TITLES } from './wage-labels';
import { type StatementTextKey, statementText } from './wage-statement-text';
import { queryWageDetail } from './wages.service';

/**
 * A printable wage statement of one employee's period, in zh or en, with every item of Labor Code
 * 226(a) and 226.2 the product knows (docs/business-rules.md "Wage statement"): the employer's name
 * and address, the employee's name and number, the inclusive dates, total hours worked, the lines of
 * gross pay with hours, rate and amount (rest and recovery and other non-productive time with their own
 * hours, rate and pay), every hourly rate in effect including each workweek's overtime and double-time
 * rates with the hours at each, the piece-rate work job by job (price, percentage, pay), the minimum
 * wage used, the paid sick leave available, and the note that deductions and net pay come from the
 * payroll processor.
 */
export async function wageStatement(
  db: Db,
  userId: number,
  date: string | undefined,
  locale: Locale,
): Promise<{ pdf: Buffer; fileName: string }> {
  const detail = await queryWageDetail(db, { userId, date }, locale);
  const [employee] = await db.select({ no: sysUsers.employeeNo }).from(sysUsers).where(eq(sysUsers.id, userId));
  const known: StatementFacts = {
    employer: await profileDetail(db),
    employeeNo: employee?.no ?? '',
    sickLeaveMinutes: (await sickLeaveBalance(db, userId, detail.period.end)).availableMinutes,
  };
  return {
    pdf: await renderStatement(detail, known, locale),
    fileName: `${locale === 'zh' ? '工资单' : 'wage-statement'}-${detail.name}-${detail.period.start}.pdf`,
  };
}

interface StatementFacts {
  employer: BusinessProfileDetail;
  employeeNo: string;
  /** Paid sick leave available at the period's end (Labor Code 246(i)). */
  sickLeaveMinutes: number;
}

const addressOf = (p: BusinessProfileDetail) =>
  [[p.street, p.suite].filter(Boolean).join(' '), p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

function renderStatement(detail: WageDetail, known: StatementFacts, locale: Locale): Promise<Buffer> {
  const t = (key: keyof typeof DOC_TEXT) => DOC_TEXT[key][locale];
  const s = (key: StatementTextKey, params?: Record<string, string>) => statementText(key, locale, params);
  const money = (cents: number) => formatCents(cents, locale);
  const perHour = (cents: number) => s('perHour', { rate: money(cents) });
  const h = (minutes: number) => hours(minutes).toFixed(2);
  const dates = `${detail.period.start} – ${detail.period.end}`;
  const doc = createPdf({ title: `${t('statement')} ${detail.name} ${detail.period.start}` });
  heading(doc, t('statement'));
  subtitle(doc, [dates]);
  facts(
    doc,
    [
      // The legal entity that employs (Location Parameters), else the business name.
      [s('employer'), known.employer.legalName || known.employer.name],
      [s('employerAddress'), addressOf(known.employer)],
      [t('employee'), detail.name],
      [s('employeeNo'), known.employeeNo],
      [s('inclusiveDates'), dates],
      [t('paidBy'), detail.payTypes.map((p) => PAID_BY_TITLES[p][locale]).join(locale === 'zh' ? '、' : ', ')],
      [s('totalHours'), h(detail.workedMinutes)],
    ],
    150,
  );

  // Gross pay line by line (rest and recovery, other non-productive time: their own hours, rate, pay).
  const rows = detail.lines.map((line) => [
    line.laborTypeName ? `${PAY_LINE_TITLES[line.kind][locale]}: ${line.laborTypeName}` : PAY_LINE_TITLES[line.kind][locale],
    line.minutes ? h(line.minutes) : '',
    line.rateBasisPoints != null
      ? `${line.rateBasisPoints / 100}%`
      : line.rateCentsPerHour != null
        ? money(line.rateCentsPerHour)
        : '',
    money(line.cents),
  ]);
  rows.push([t('gross'), h(detail.workedMinutes), '', money(detail.grossCents)]);
  table(
    doc,
    [
      { title: t('line'), width: 0.5 },
      { title: t('hours'), width: 0.15, align: 'right' },
      { title: t('rate'), width: 0.15, align: 'right' },
      { title: t('amount'), width: 0.2, align: 'right' },
    ],
    rows,
    { totalRow: true },
  );

  // Every hourly rate in effect: each workweek's regular rate and the overtime and double-time rates it gives.
  if (detail.regularRates.length > 0) {
    heading(doc, s('ratesTitle'), 12);
    const rateRows = detail.regularRates.flatMap((week) => {
      const derivation = week.floorApplied
        ? s('regularRateFloor', {
            hours: h(week.workedMinutes),
            floor: money(week.floorCents),
            straight: money(week.straightCents),
          })
        : s('regularRate', { straight: money(week.straightCents), hours: h(week.workedMinutes) });
      const rowsOfWeek = [
        [s('week', { date: week.weekStart }), '', ''],
        [derivation, h(week.workedMinutes), perHour(week.centsPerHour)],
      ];
      if (week.overtimeMinutes > 0)
        rowsOfWeek.push([s('overtimeRate'), h(week.overtimeMinutes), perHour(week.overtimeCentsPerHour)]);
      if (week.doubleTimeMinutes > 0)
        rowsOfWeek.push([s('doubleTimeRate'), h(week.doubleTimeMinutes), perHour(week.doubleTimeCentsPerHour)]);
      return rowsOfWeek;
    });
    table(
      doc,
      [
        { title: s('rateLine'), width: 0.6 },
        { title: t('hours'), width: 0.15, align: 'right' },
        { title: t('rate'), width: 0.25, align: 'right' },
      ],
      rateRows,
    );
    if (detail.regularRates.some((w) => w.overtimeMinutes + w.doubleTimeMinutes > 0)) {
      paragraph(doc, s('premiumNote'), { small: true });
    }
  }

  // Piece-rate work (Labor Code 226.2(a)(2)): each job with its price, the percentage and the pay.
  const pieces = detail.lines
    .filter((l) => l.kind === 'piece')
    .flatMap((line) => (line.items ?? []).map((item) => ({ item, bps: line.rateBasisPoints })));
  if (pieces.length > 0) {
    heading(doc, s('pieceTitle'), 12);
    table(
      doc,
      [
        { title: t('date'), width: 0.16 },
        { title: t('job'), width: 0.2 },
        { title: s('jobPrice'), width: 0.18, align: 'right' },
        { title: s('percentage'), width: 0.14, align: 'right' },
        { title: t('hours'), width: 0.14, align: 'right' },
        { title: s('pay'), width: 0.18, align: 'right' },
      ],
      pieces.map(({ item, bps }) => [
        item.workDate,
        item.jobReference ?? '',
        item.jobPriceCents != null ? money(item.jobPriceCents) : '',
        bps != null ? `${bps / 100}%` : '',
        h(item.minutes),
        money(item.cents),
      ]),
    );
  }

  const minimumWages = detail.minimumWagesUsed ?? [];
  facts(
    doc,
    [
      ...(minimumWages.length > 0
        ? [
            [s('minimumWage'), minimumWages.map((m) => `${m.jurisdiction} ${perHour(m.centsPerHour)}`).join('; ')] as [
              string,
              string,
            ],
          ]
        : []),
      [s('sickLeave'), s('sickLeaveHours', { hours: h(known.sickLeaveMinutes), date: detail.period.end })],
    ],
    150,
  );
  paragraph(doc, s('netPay'));

  heading(doc, t('days'), 12);
  table(
    doc,
    [
      { title: t('date'), width: 0.28 },
      { title: t('hours'), width: 0.18, align: 'right' },
      { title: t('regularHours'), width: 0.18, align: 'right' },
      { title: t('overtimeHours'), width: 0.18, align: 'right' },
      { title: t('doubleTimeHours'), width: 0.18, align: 'right' },
    ],
    detail.days.map((d) => [d.workDate, h(d.workedMinutes), h(d.regularMinutes), h(d.overtimeMinutes), h(d.doubleTimeMinutes)]),
  );
  doc.moveDown(0.8);
  paragraph(doc, t('footer'), { small: true });
  return pdfBuffer(doc);
}
