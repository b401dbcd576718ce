import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatCents, type Quote } from '@tidyhouse/contract';
import { Alert, Button, Descriptions, type DescriptionsProps, Drawer, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { loadFailureText, post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { useHasPermission } from '@/lib/permissions';
import { PriceBreakdown } from './PriceBreakdown';
import { QuoteActions, type QuoteActionsProps } from './QuoteActions';
import { quoteDetailKey } from './QuoteForm';
import { QuoteHistory } from './QuoteHistory';
import { QuotePrint } from './QuotePrint';
import { StatusTag } from './StatusTag';
import { ZoneTag } from './ZoneTag';

/** The full quote in a drawer: fields, lines, breakdown, disclaimer, history; print and status actions. */
export function QuoteDrawer({
  id,
  onClose,
  status,
}: {
  id: number | null;
  onClose: () => void;
  status: QuoteActionsProps['status'];
}) {
  const { t } = useTranslation();
  const quote = useQuery({
    queryKey: quoteDetailKey(id ?? 0),
    queryFn: () => post<Quote>('/quote/detail', { id }),
    enabled: id !== null,
  });
  const [printing, setPrinting] = useState(false);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      title={quote.data ? t('sales.detail.title', { reference: quote.data.reference }) : ''}
      extra={
        quote.data ? (
          <GuardedButton icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
            {t('sales.detail.print')}
          </GuardedButton>
        ) : null
      }
    >
      {quote.isError ? (
        <Alert
          type="error"
          showIcon
          title={loadFailureText(quote.error, t('sales.detail.loadFailed'))}
          action={
            <Button size="small" onClick={() => void quote.refetch()}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : !quote.data ? (
        <Spin />
      ) : (
        <>
          <QuoteBody quote={quote.data} status={status} />
          <QuotePrint quote={quote.data} open={printing} onClose={() => setPrinting(false)} />
        </>
      )}
    </Drawer>
  );
}

function QuoteBody({ quote: q, status }: { quote: Quote; status: QuoteActionsProps['status'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const canSeeCustomer = useHasPermission('/customer/customerdetail');
  const money = (cents: number | null) => (cents === null ? t('sales.detail.none') : formatCents(cents, locale));
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? t('sales.detail.none') : value;
  const item = (key: string, label: string, children: React.ReactNode, span?: number) => ({ key, label, children, span });

  const customer: DescriptionsProps['items'] = [
    item(
      'status',
      t('sales.fields.status'),
      <span data-testid="drawer-status">
        <StatusTag status={q.status} />
        {q.statusReason}
      </span>,
    ),
    item('quoteDate', t('sales.fields.quoteDate'), q.quoteDate),
    item('customerName', t('sales.fields.customerName'), q.customerName),
    item(
      'customer',
      t('sales.detail.customerLink'),
      q.customer ? (
        canSeeCustomer ? (
          <Link to={`/customer/customerdetail?id=${q.customer.id}`} data-testid="drawer-customer-link">
            {q.customer.name}
          </Link>
        ) : (
          q.customer.name
        )
      ) : (
        t('sales.detail.none')
      ),
    ),
    item('phones', t('sales.fields.phone'), [q.phone1, q.phone2, q.phone3].filter(Boolean).join(' · ')),
    item('email', t('sales.fields.email'), text(q.email)),
    item(
      'address',
      t('sales.fields.address'),
      [q.address1, q.address2, q.city, q.state, q.zip, q.county, q.country].filter(Boolean).join(', '),
      2,
    ),
    item('zone', t('sales.fields.zone'), q.zone ? <ZoneTag zone={q.zone} /> : t('sales.detail.none')),
    item('language', t('sales.fields.language'), t(`sales.enums.language.${q.language}`)),
    item('source', t('sales.fields.source'), q.source ? t(`sales.enums.source.${q.source}`) : t('sales.detail.none')),
    item('channel', t('sales.fields.channel'), text(q.channel)),
    item('customerNote', t('sales.fields.customerNote'), text(q.customerNote), 2),
  ];
  const job: DescriptionsProps['items'] = [
    item('locationType', t('sales.fields.locationType'), t(`sales.enums.locationType.${q.locationType}`)),
    item('houseType', t('sales.fields.houseType'), t(`sales.enums.houseType.${q.houseType}`)),
    item('houseSize', t('sales.fields.houseSizeSqft'), q.houseSizeSqft),
    item('occupants', t('sales.fields.occupants'), text(q.occupants)),
    item('housingArea', t('sales.fields.housingArea'), text(q.housingArea)),
    item('jobLocation', t('sales.fields.jobLocation'), text(q.jobLocation)),
    item('quoteType', t('sales.fields.quoteType'), t(`sales.enums.quoteType.${q.quoteType}`)),
    item('frequency', t('sales.fields.frequency'), t(`sales.enums.frequency.${q.frequency}`)),
    item('jobNote', t('sales.fields.jobNote'), text(q.jobNote), 2),
  ];
  const price: DescriptionsProps['items'] = [
    item('teamSize', t('sales.fields.teamSize'), q.teamSize),
    item('ppm', t('sales.fields.pricePerMinute'), money(q.pricePerMinuteCents)),
    item('travel', t('sales.fields.travelMinutes'), q.travelMinutes),
    item(
      'coupon',
      t('sales.fields.couponCode'),
      q.couponCode ? `${q.couponCode} (${money(q.couponDiscountCents)})` : t('sales.detail.none'),
    ),
    item('discount', t('sales.fields.discount'), money(q.discountCents)),
    item('flatRate', t('sales.fields.flatRate'), money(q.flatRateCents)),
    item(
      'preferredTeam',
      t('sales.fields.preferredTeam'),
      q.preferredTeam ? <ZoneTag zone={q.preferredTeam} /> : t('sales.detail.none'),
    ),
    item(
      'card',
      t('sales.fields.card'),
      q.card
        ? `${t('sales.detail.cardValue', {
            brand: t(`sales.enums.cardBrand.${q.card.brand}`),
            last4: q.card.last4,
            month: String(q.card.expMonth).padStart(2, '0'),
            year: q.card.expYear,
          })}${q.card.holderName ? ` · ${q.card.holderName}` : ''}`
        : t('sales.detail.noCard'),
    ),
    item('teamNote', t('sales.fields.teamNote'), text(q.teamNote), 2),
    item('createdBy', t('sales.fields.createdBy'), text(q.createdBy)),
  ];
  const lineName = (line: Quote['lines'][number]) => (locale === 'zh' ? line.nameZh : line.nameEn);

  return (
    <Flex vertical gap={16} data-testid="quote-drawer">
      <QuoteActions quote={q} status={status} size="middle" />
      <Descriptions bordered size="small" column={2} title={t('sales.detail.customerPart')} items={customer} />
      <Descriptions bordered size="small" column={2} title={t('sales.detail.jobPart')} items={job} />
      <Descriptions bordered size="small" column={2} title={t('sales.detail.pricePart')} items={price} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sales.breakdown.title')}
      </Typography.Title>
      <PriceBreakdown breakdown={q.breakdown} lineNames={q.lines.map(lineName)} houseSizeSqft={q.houseSizeSqft} />
      {q.disclaimer ? (
        <div>
          <Typography.Title level={5}>{t('sales.detail.disclaimer')}</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="quote-disclaimer">
            {q.disclaimer}
          </Typography.Paragraph>
        </div>
      ) : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sales.detail.historyPart')}
      </Typography.Title>
      <QuoteHistory id={q.id} />
    </Flex>
  );
}
