import { formatCents, type Locale, type WageDetail } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../../platform/pdf';
import { DOC_TEXT, hours, PAID_BY_TITLES, PAY_LINE_TITLES } from './wage-labels';
import { queryWageDetail } from './wages.service';

/**
 * A printable wage statement of one employee's period (issue 11), in zh or en: the lines of pay with
 * hours, rate and amount (piece-rate rest and non-productive time itemised as Labor Code 226.2 asks),
 * the gross, and the days worked with their regular, overtime and double-time hours.
 */
export async function wageStatement(
  db: Db,
  userId: number,
  date: string | undefined,
  locale: Locale,
): Promise<{ pdf: Buffer; fileName: string }> {
  const detail = await queryWageDetail(db, { userId, date }, locale);
  return {
    pdf: await renderStatement(detail, locale),
    fileName: `${locale === 'zh' ? '工资单' : 'wage-statement'}-${detail.name}-${detail.period.start}.pdf`,
  };
}

function renderStatement(detail: WageDetail, locale: Locale): Promise<Buffer> {
  const t = (key: keyof typeof DOC_TEXT) => DOC_TEXT[key][locale];
  const money = (cents: number) => formatCents(cents, locale);
  const doc = createPdf({ title: `${t('statement')} ${detail.name} ${detail.period.start}` });
  heading(doc, t('statement'));
  subtitle(doc, [`${detail.period.start} – ${detail.period.end}`]);
  facts(doc, [
    [t('employee'), detail.name],
    [t('period'), `${detail.period.start} – ${detail.period.end}`],
    [t('paidBy'), detail.payTypes.map((p) => PAID_BY_TITLES[p][locale]).join(locale === 'zh' ? '、' : ', ')],
    [t('hours'), String(hours(detail.workedMinutes))],
  ]);
  const rows = detail.lines.map((line) => [
    line.laborTypeName ? `${PAY_LINE_TITLES[line.kind][locale]}: ${line.laborTypeName}` : PAY_LINE_TITLES[line.kind][locale],
    line.minutes ? String(hours(line.minutes)) : '',
    line.rateBasisPoints != null
      ? `${line.rateBasisPoints / 100}%`
      : line.rateCentsPerHour != null
        ? money(line.rateCentsPerHour)
        : '',
    money(line.cents),
  ]);
  rows.push([t('gross'), String(hours(detail.workedMinutes)), '', money(detail.grossCents)]);
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
  doc.moveDown(0.8);
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
    detail.days.map((d) => [
      d.workDate,
      String(hours(d.workedMinutes)),
      String(hours(d.regularMinutes)),
      String(hours(d.overtimeMinutes)),
      String(hours(d.doubleTimeMinutes)),
    ]),
  );
  doc.moveDown(0.8);
  paragraph(doc, t('footer'), { small: true });
  return pdfBuffer(doc);
}
