import type { CampaignStatsExportQuery, CampaignStatsRow, Locale } from '@tidyhouse/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../../platform/database';
import type { FileReply } from '../../../platform/route';
import { campaignStats } from './campaigns.service';

const dollars = (cents: number | null) => (cents === null ? '' : cents / 100);
const percent = (bps: number | null) => (bps === null ? '' : bps / 10_000);

const COLUMNS: {
  key: string;
  en: string;
  zh: string;
  width: number;
  format?: string;
  value: (r: CampaignStatsRow) => unknown;
}[] = [
  { key: 'sourceName', en: 'Source name', zh: '来源名称', width: 28, value: (r) => r.sourceName },
  { key: 'couponCode', en: 'Coupon code', zh: '优惠码', width: 16, value: (r) => r.couponCode },
  { key: 'cost', en: 'Cost ($)', zh: '费用（美元）', width: 12, format: '#,##0.00', value: (r) => dollars(r.costCents) },
  { key: 'leads', en: 'Leads', zh: '线索', width: 8, value: (r) => r.leads },
  { key: 'sold', en: 'Sold', zh: '成交', width: 8, value: (r) => r.sold },
  { key: 'conversion', en: 'Conversion', zh: '转化率', width: 12, format: '0.00%', value: (r) => percent(r.conversionBps) },
  { key: 'revenue', en: 'Revenue ($)', zh: '收入（美元）', width: 14, format: '#,##0.00', value: (r) => dollars(r.revenueCents) },
  {
    key: 'costPerSold',
    en: 'Cost per sold customer ($)',
    zh: '每成交客户费用（美元）',
    width: 16,
    format: '#,##0.00',
    value: (r) => dollars(r.costPerSoldCents),
  },
  { key: 'return', en: 'Return on cost', zh: '投资回报率', width: 14, format: '0.00%', value: (r) => percent(r.returnBps) },
];

/** Campaign results for a range as XLSX, headers in the caller's language (few rows: one per campaign). */
export async function exportCampaignStats(db: Db, query: CampaignStatsExportQuery, locale: Locale): Promise<FileReply> {
  const rows = await campaignStats(db, {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    sort: query.sortField ? { field: query.sortField, order: query.sortOrder ?? 'ascend' } : undefined,
  });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'zh' ? '营销活动' : 'Campaigns');
  sheet.columns = COLUMNS.map((c) => ({
    header: c[locale],
    key: c.key,
    width: c.width,
    style: c.format ? { numFmt: c.format } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(COLUMNS.map((c) => c.value(row)));
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    content,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${locale === 'zh' ? '营销活动' : 'campaigns'}-${query.dateFrom}-${query.dateTo}.xlsx`,
  };
}
