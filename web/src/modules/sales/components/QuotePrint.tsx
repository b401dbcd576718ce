import { formatCents, type Quote } from '@tidyhouse/contract';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PriceBreakdown } from './PriceBreakdown';
import './quotePrint.css';
import { GuardedButton } from '@/components/GuardedButton';

/**
 * The print / send view of a quote in the customer's language, with the quote disclaimer. The
 * browser's print prints only `.quote-print` (quotePrint.css, `@media print`).
 */
export function QuotePrint({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const { t: userT } = useTranslation();
  const { t } = useTranslation('translation', { lng: quote.language });
  const money = (cents: number) => formatCents(cents, quote.language);
  const lineName = (line: Quote['lines'][number]) => (quote.language === 'zh' ? line.nameZh : line.nameEn);
  const address = [quote.address1, quote.address2, quote.city, [quote.state, quote.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={820}
      title={userT('sales.detail.print')}
      footer={
        <Flex justify="end" gap={8} className="quote-print-actions">
          <Button onClick={onClose}>{userT('sales.print.close')}</Button>
          <GuardedButton type="primary" onClick={() => window.print()}>
            {userT('sales.print.print')}
          </GuardedButton>
        </Flex>
      }
    >
      <div className="quote-print" data-testid="quote-print" lang={quote.language}>
        <Flex justify="space-between" align="baseline">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('sales.print.title')} {quote.reference}
          </Typography.Title>
          <Typography.Text>{quote.quoteDate}</Typography.Text>
        </Flex>
        <dl className="quote-print-facts">
          <dt>{t('sales.print.quoteFor')}</dt>
          <dd>
            {quote.customerName}
            <br />
            {address}
            <br />
            {[quote.phone1, quote.email].filter(Boolean).join(' · ')}
          </dd>
          <dt>{t('sales.print.service')}</dt>
          <dd>
            {t(`sales.enums.frequency.${quote.frequency}`)} · {t(`sales.enums.houseType.${quote.houseType}`)} ·{' '}
            {t('sales.breakdown.baseLine', { sqft: quote.houseSizeSqft })} · {t(`sales.enums.quoteType.${quote.quoteType}`)}
          </dd>
          <dt>{t('sales.print.visitPrice')}</dt>
          <dd>
            <strong>{money(quote.finalOfferCents)}</strong>
          </dd>
          {quote.breakdown.recurringVisit ? (
            <>
              <dt>{t('sales.print.laterVisits')}</dt>
              <dd>{money(quote.breakdown.recurringVisit.totalCents)}</dd>
            </>
          ) : null}
        </dl>
        <PriceBreakdown
          breakdown={quote.breakdown}
          lineNames={quote.lines.map(lineName)}
          houseSizeSqft={quote.houseSizeSqft}
          lng={quote.language}
          compact
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('sales.print.validNote')}
        </Typography.Paragraph>
        {quote.disclaimer ? (
          <section data-testid="quote-print-disclaimer">
            <Typography.Title level={5}>{t('sales.detail.disclaimer')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{quote.disclaimer}</Typography.Paragraph>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
