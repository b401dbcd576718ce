import { formatCents, type Locale, type QuotePriceBreakdown } from '@tidyhouse/contract';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';

export interface PriceBreakdownProps {
  breakdown: QuotePriceBreakdown;
  /** Names of the lines after the base line, in the calculator's order. */
  lineNames: string[];
  houseSizeSqft: number;
  /** The language to show it in (the customer's, on the print view); the user's by default. */
  lng?: Locale;
  /** The short form for the print view: no minutes, no cap. */
  compact?: boolean;
}

interface Row {
  key: string;
  label: string;
  value: string;
  tone?: 'strong' | 'danger' | 'muted';
  testId?: string;
}

/** The calculator's figures as a readable table: lines, then time, price, range, discounts, tax, offer. */
export function PriceBreakdown({ breakdown: b, lineNames, houseSizeSqft, lng, compact = false }: PriceBreakdownProps) {
  const userLocale = useLocale();
  const locale = lng ?? userLocale;
  const { t } = useTranslation('translation', { lng: locale });
  const money = (cents: number) => formatCents(cents, locale);
  const minutes = (value: number) => t('sales.breakdown.minutesValue', { minutes: value });

  // House size as a whole number of square feet, grouped as the language writes numbers.
  const sqft = Math.round(houseSizeSqft).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  const lineRows = b.lines.map((line, index) => ({
    key: `line${index}`,
    name: index === 0 ? t('sales.breakdown.baseLine', { sqft }) : (lineNames[index - 1] ?? ''),
    kind: t(`sales.enums.kind.${line.kind}`),
    quantity: line.quantity,
    minutes: line.totalMinutes,
    labour: line.labourCents,
    fixed: line.fixedCents,
    amount: line.amountCents,
    taxable: line.taxable,
  }));
  // A line's price has two parts an office user explains apart: its labor (minutes × price per
  // minute) and its item price (quantity × unit price from the price list).
  const laborText = (row: (typeof lineRows)[number]) =>
    compact ? money(row.labour) : `${minutes(row.minutes)} · ${money(row.labour)}`;
  const itemText = (row: (typeof lineRows)[number]) =>
    row.fixed === 0
      ? '—'
      : row.quantity > 1
        ? `${row.quantity} × ${money(row.fixed / row.quantity)} = ${money(row.fixed)}`
        : money(row.fixed);
  const lineColumns: TableColumnsType<(typeof lineRows)[number]> = [
    {
      key: 'name',
      title: t('sales.breakdown.line'),
      render: (_v, row) => (
        <span>
          {row.name}
          {row.quantity > 1 && row.key !== 'line0' ? ` × ${row.quantity}` : ''}{' '}
          {row.taxable ? <Tag>{t('sales.breakdown.taxable')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'labour',
      title: t('sales.breakdown.laborPart'),
      align: 'right',
      render: (_v, row) => <span data-testid={`breakdown-${row.key}-labor`}>{laborText(row)}</span>,
    },
    {
      key: 'fixed',
      title: t('sales.breakdown.itemPart'),
      align: 'right',
      render: (_v, row) => <span data-testid={`breakdown-${row.key}-item`}>{itemText(row)}</span>,
    },
    { key: 'amount', title: t('sales.breakdown.amount'), align: 'right', render: (_v, row) => money(row.amount) },
  ];

  const rows: Row[] = [];
  const add = (key: string, label: string, value: string, tone?: Row['tone']) =>
    rows.push({ key, label, value, tone, testId: `breakdown-${key}` });
  if (!compact) {
    add('labourMinutes', t('sales.breakdown.labourMinutes'), minutes(b.labourMinutes));
    add('inHome', t('sales.breakdown.inHome', { team: b.teamSize }), minutes(b.inHomeMinutes));
    if (b.travelMinutes > 0) add('travel', t('sales.breakdown.travel'), minutes(b.travelMinutes), 'muted');
    add('pricePerMinute', t('sales.breakdown.pricePerMinute'), money(b.pricePerMinuteCents));
    add('hourlyRate', t('sales.breakdown.hourlyRate'), money(b.hourlyRateCents));
    add('labourPrice', t('sales.breakdown.labourPrice'), money(b.labourCents));
    if (b.fixedChargesCents > 0) add('fixedCharges', t('sales.breakdown.fixedCharges'), money(b.fixedChargesCents));
  }
  add('calculated', t('sales.breakdown.calculated'), money(b.calculatedPriceCents), 'strong');
  add('range', t('sales.breakdown.range'), `${money(b.rangeLowCents)} – ${money(b.rangeHighCents)}`);
  if (b.flatRateCents !== null) add('flatRate', t('sales.breakdown.flatRate'), money(b.flatRateCents), 'strong');
  if (b.couponDiscountCents > 0) add('coupon', t('sales.breakdown.coupon'), `−${money(b.couponDiscountCents)}`);
  if (b.discountCents > 0) add('discount', t('sales.breakdown.discount'), `−${money(b.discountCents)}`);
  if (!compact) {
    add('maxDiscount', t('sales.breakdown.maxDiscount'), money(b.maxDiscountCents), b.discountExceedsMax ? 'danger' : 'muted');
    if (b.discountExceedsMax) {
      add(
        'exceeds',
        t('sales.breakdown.exceeds', { discount: money(b.totalDiscountCents), max: money(b.maxDiscountCents) }),
        '',
        'danger',
      );
    }
    add('taxableSubtotal', t('sales.breakdown.taxableSubtotal'), money(b.firstVisit.taxableCents));
  }
  add('tax', t('sales.breakdown.tax'), money(b.firstVisit.taxCents));
  add('finalOffer', t('sales.breakdown.finalOffer'), money(b.finalOfferCents), 'strong');
  if (b.recurringVisit) {
    if (b.recurringDiscountCents > 0)
      add('recurringDiscount', t('sales.breakdown.recurringDiscount'), `−${money(b.recurringDiscountCents)}`, 'muted');
    add('recurring', t('sales.breakdown.recurring'), money(b.recurringVisit.totalCents), 'strong');
  }

  const summaryColumns: TableColumnsType<Row> = [
    {
      key: 'label',
      dataIndex: 'label',
      render: (label: string, row) => (
        <Typography.Text
          type={row.tone === 'danger' ? 'danger' : row.tone === 'muted' ? 'secondary' : undefined}
          strong={row.tone === 'strong'}
        >
          {label}
        </Typography.Text>
      ),
    },
    {
      key: 'value',
      dataIndex: 'value',
      align: 'right',
      render: (value: string, row) => (
        <Typography.Text
          data-testid={row.testId}
          type={row.tone === 'danger' ? 'danger' : undefined}
          strong={row.tone === 'strong' || row.tone === 'danger'}
        >
          {value}
        </Typography.Text>
      ),
    },
  ];

  return (
    <div data-testid="price-breakdown">
      <Table size="small" pagination={false} columns={lineColumns} dataSource={lineRows} rowKey="key" />
      <Table size="small" pagination={false} showHeader={false} columns={summaryColumns} dataSource={rows} rowKey="key" />
    </div>
  );
}
