import { PassThrough } from 'node:stream';
import { JOB_EXPORT_MAX_ROWS, type JobExportQuery, type JobListItem, type Locale } from '@tidyhouse/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { translate } from '../../../platform/messages';
import type { FileReply } from '../../../platform/route';
import { cappedTotals, exportRows, jobConditions } from './jobs.query';

const COLUMNS: { key: string; en: string; zh: string; width: number; value: (j: JobListItem, locale: Locale) => unknown }[] = [
  { key: 'reference', en: 'Reference', zh: '工单编号', width: 16, value: (j) => j.reference },
  { key: 'serviceDate', en: 'Date', zh: '日期', width: 12, value: (j) => j.serviceDate ?? '' },
  { key: 'startTime', en: 'Start', zh: '开始时间', width: 8, value: (j) => j.startTime ?? '' },
  { key: 'status', en: 'Status', zh: '状态', width: 12, value: (j, l) => translate(l, `jobs.status.${j.status}`) },
  { key: 'customer', en: 'Customer', zh: '客户', width: 24, value: (j) => j.customer.name },
  { key: 'phone', en: 'Phone', zh: '电话', width: 16, value: (j) => j.phone },
  {
    key: 'address',
    en: 'Address',
    zh: '地址',
    width: 32,
    value: (j) => `${j.location.address1}, ${j.location.city} ${j.location.zip}`,
  },
  { key: 'zone', en: 'Zone', zh: '区域', width: 12, value: (j) => j.zone?.name ?? '' },
  { key: 'team', en: 'Team', zh: '团队', width: 14, value: (j) => j.team?.name ?? '' },
  { key: 'frequency', en: 'Frequency', zh: '频率', width: 16, value: (j) => j.frequency },
  { key: 'duration', en: 'In-home hours', zh: '上门时长（小时）', width: 10, value: (j) => j.durationMinutes / 60 },
  { key: 'subtotal', en: 'Revenue ($)', zh: '收入（美元）', width: 12, value: (j) => j.revenueCents / 100 },
  { key: 'invoice', en: 'Invoice total ($)', zh: '发票总额（美元）', width: 14, value: (j) => j.invoiceTotalCents / 100 },
];

/**
 * The filtered job list as XLSX, headers in the caller's language, written row by row with exceljs'
 * streaming writer from pages of 1,000 rows (memory stays flat). Refused above JOB_EXPORT_MAX_ROWS.
 */
export async function exportJobs(db: Db, query: JobExportQuery, locale: Locale, today: string): Promise<FileReply> {
  const where = await jobConditions(db, query);
  const { capped } = await cappedTotals(db, where, JOB_EXPORT_MAX_ROWS);
  if (capped) throw refused('jobs.exportTooLarge', { max: JOB_EXPORT_MAX_ROWS });
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(locale === 'zh' ? '工单' : 'Jobs');
  sheet.columns = COLUMNS.map((c) => ({ header: c[locale], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of exportRows(db, where, query)) {
    for (const job of batch) sheet.addRow(COLUMNS.map((c) => c.value(job, locale))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return {
    content: Buffer.concat(chunks),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${locale === 'zh' ? '工单列表' : 'jobs'}-${today}.xlsx`,
  };
}
