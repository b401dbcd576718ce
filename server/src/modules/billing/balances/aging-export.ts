import { PassThrough } from 'node:stream';
import { AGING_EXPORT_MAX_ROWS, type AgingAmounts, type AgingExportQuery, type Locale } from '@tidyhouse/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { type MessageKey, translate } from '../../../platform/messages';
import type { FileReply } from '../../../platform/route';
import { agingExportRows } from './aging.service';

/** Money columns in dollars (the sheet's number format shows cents). */
const AMOUNTS: { key: keyof AgingAmounts; label: MessageKey }[] = [
  { key: 'currentCents', label: 'billing.aging.current' },
  { key: 'days1to30Cents', label: 'billing.aging.days1to30' },
  { key: 'days31to60Cents', label: 'billing.aging.days31to60' },
  { key: 'days61to90Cents', label: 'billing.aging.days61to90' },
  { key: 'over90Cents', label: 'billing.aging.over90' },
  { key: 'openCents', label: 'billing.aging.open' },
  { key: 'creditCents', label: 'billing.aging.credit' },
  { key: 'balanceCents', label: 'billing.aging.balance' },
];

/** The aging report as XLSX in the caller's language: one row per customer, then the totals row. */
export async function exportAging(db: Db, query: AgingExportQuery, locale: Locale, today: string): Promise<FileReply> {
  const report = await agingExportRows(db, query, today, AGING_EXPORT_MAX_ROWS);
  if (report.capped) throw refused('billing.aging.exportTooLarge', { max: AGING_EXPORT_MAX_ROWS });
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('billing.aging.sheet'));
  sheet.columns = [
    { header: t('billing.aging.customer'), key: 'customer', width: 28 },
    { header: t('billing.aging.phone'), key: 'phone', width: 16 },
    { header: t('billing.aging.oldestDue'), key: 'oldestDue', width: 12 },
    ...AMOUNTS.map((a) => ({ header: t(a.label), key: a.key, width: 14, style: { numFmt: '#,##0.00' } })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of report.list) {
    sheet.addRow([row.customerName, row.phone, row.oldestDueOn ?? '', ...AMOUNTS.map((a) => row[a.key] / 100)]).commit();
  }
  const totals = sheet.addRow([
    t('billing.aging.totals'),
    t('billing.aging.asOf', { date: today }),
    '',
    ...AMOUNTS.map((a) => report.totals[a.key] / 100),
  ]);
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return {
    content: Buffer.concat(chunks),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${locale === 'zh' ? '应收账款账龄' : 'aging'}-${today}.xlsx`,
  };
}
