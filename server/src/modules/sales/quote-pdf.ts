import { AUDIT_VALUE_TITLES, type BusinessProfile, formatCents, type Locale, type Quote } from '@tidyhouse/contract';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../platform/pdf';

/**
 * The quote as the customer receives it (printed, downloaded or e-mailed), in the customer's
 * language: who it is for, the service, the priced lines, discounts, tax and the visit totals, the
 * business's address and the quote disclaimer. Internal figures (labor minutes, the price range, the
 * maximum discount) are left out.
 */

const TEXT = {
  en: {
    title: 'Quote',
    date: 'Date',
    quoteFor: 'Prepared for',
    service: 'Service',
    item: 'Item',
    quantity: 'Qty',
    amount: 'Amount',
    baseLine: 'Cleaning of a {sqft} sq ft home',
    total: 'Subtotal',
    flatRate: 'Flat rate',
    coupon: 'Coupon',
    discount: 'Discount',
    recurring: 'Recurring discount',
    tax: 'Sales tax',
    firstVisit: 'First visit',
    laterVisits: 'Each later visit',
    disclaimer: 'Disclaimer',
    validNote: 'Prices in US dollars; sales tax applies to taxable items only.',
    fileName: 'Quote',
  },
  zh: {
    title: '报价单',
    date: '日期',
    quoteFor: '客户',
    service: '服务',
    item: '项目',
    quantity: '数量',
    amount: '金额',
    baseLine: '{sqft} 平方英尺住宅清洁',
    total: '小计',
    flatRate: '固定价格',
    coupon: '优惠券',
    discount: '折扣',
    recurring: '定期服务折扣',
    tax: '销售税',
    firstVisit: '首次上门',
    laterVisits: '之后每次上门',
    disclaimer: '免责声明',
    validNote: '价格以美元计；销售税仅适用于应税项目。',
    fileName: '报价单',
  },
} as const;

const HOUSE_TYPES: Record<string, Record<Locale, string>> = {
  house: { en: 'house', zh: '独立屋' },
  apartment: { en: 'apartment', zh: '公寓' },
  condo: { en: 'condo', zh: '共管公寓' },
  townhouse: { en: 'townhouse', zh: '联排别墅' },
  office: { en: 'office', zh: '办公室' },
  other: { en: 'other', zh: '其他' },
};

export const quoteFileName = (quote: Pick<Quote, 'reference' | 'language'>) =>
  `${TEXT[quote.language].fileName} ${quote.reference}.pdf`;

export async function quotePdf(quote: Quote, business: BusinessProfile): Promise<Buffer> {
  const lng = quote.language;
  const text = TEXT[lng];
  const money = (cents: number) => formatCents(cents, lng);
  const b = quote.breakdown;
  const doc = createPdf({ title: `${text.title} ${quote.reference}`, author: business.name });

  heading(doc, business.name, 14);
  subtitle(doc, [
    [business.street, business.suite].filter(Boolean).join(', '),
    [business.city, [business.state, business.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    business.phone,
  ]);
  heading(doc, `${text.title} ${quote.reference}`);
  const address = [quote.address1, quote.address2, quote.city, [quote.state, quote.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const frequency = AUDIT_VALUE_TITLES[quote.frequency]?.[lng] ?? quote.frequency;
  facts(doc, [
    [text.date, quote.quoteDate],
    [text.quoteFor, [quote.customerName, address, [quote.phone1, quote.email].filter(Boolean).join(' · ')].join('\n')],
    [text.service, `${frequency} · ${HOUSE_TYPES[quote.houseType]?.[lng] ?? quote.houseType}`],
  ]);

  const lineName = (index: number) =>
    index === 0
      ? text.baseLine.replace('{sqft}', quote.houseSizeSqft.toLocaleString('en-US'))
      : ((lng === 'zh' ? quote.lines[index - 1]?.nameZh : quote.lines[index - 1]?.nameEn) ?? '');
  const rows = b.lines.map((line, index) => [lineName(index), String(line.quantity), money(line.amountCents)]);
  const less = (label: string, cents: number) => (cents > 0 ? [[label, '', `−${money(cents)}`]] : []);
  rows.push(
    [b.flatRateCents === null ? text.total : text.flatRate, '', money(b.basePriceCents)],
    ...less(text.coupon, b.couponDiscountCents),
    ...less(text.discount, b.discountCents),
  );
  if (b.firstVisit.taxCents > 0) rows.push([text.tax, '', money(b.firstVisit.taxCents)]);
  rows.push([text.firstVisit, '', money(b.firstVisit.totalCents)]);
  table(
    doc,
    [
      { title: text.item, width: 0.6 },
      { title: text.quantity, width: 0.15, align: 'right' },
      { title: text.amount, width: 0.25, align: 'right' },
    ],
    rows,
    { totalRow: true },
  );
  if (b.recurringVisit) {
    const recurring = b.recurringDiscountCents > 0 ? ` (${text.recurring} −${money(b.recurringDiscountCents)})` : '';
    facts(doc, [[text.laterVisits, `${money(b.recurringVisit.totalCents)}${recurring}`]], 160);
  }
  paragraph(doc, text.validNote, { small: true });
  if (quote.disclaimer) paragraph(doc, quote.disclaimer, { title: text.disclaimer });
  return pdfBuffer(doc);
}
