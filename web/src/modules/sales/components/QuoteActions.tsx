import { DownloadOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { QUOTE_TRANSITIONS, type QuoteStatus } from '@tidyhouse/contract';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { useHasPermission } from '@/lib/permissions';
import type { QuoteRef } from './useQuoteStatus';

export interface QuoteActionsProps {
  quote: QuoteRef & { status: QuoteStatus };
  onView?: () => void;
  status: {
    markSold: (quote: QuoteRef) => void;
    markNotSold: (quote: QuoteRef) => void;
    reopen: (quote: QuoteRef) => void;
  };
  size?: 'small' | 'middle';
  /** The customer's copy: download or print the PDF, send it by e-mail. */
  documents?: { download: () => void; print: () => void; send: () => void };
}

/** The actions a quote allows in its status (QUOTE_TRANSITIONS) and the user's role allows. */
export function QuoteActions({ quote, onView, status, size = 'small', documents }: QuoteActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHasPermission('/sales/newcustomerquotat');
  const canChange = useHasPermission('/sales/quotationlist');
  const allowed = QUOTE_TRANSITIONS[quote.status];
  return (
    <Space size={4} wrap data-testid={`quote-actions-${quote.reference}`}>
      {onView ? (
        <GuardedButton size={size} type="link" onClick={onView}>
          {t('sales.list.view')}
        </GuardedButton>
      ) : null}
      {canEdit && quote.status === 'pending' ? (
        <GuardedButton size={size} type="link" onClick={() => navigate(`/sales/newcustomerquotat?id=${quote.id}`)}>
          {t('sales.list.edit')}
        </GuardedButton>
      ) : null}
      {canChange && allowed.includes('sold') ? (
        <GuardedButton size={size} type="link" onClick={() => status.markSold(quote)}>
          {t('sales.list.markSold')}
        </GuardedButton>
      ) : null}
      {canChange && allowed.includes('not_sold') ? (
        <GuardedButton size={size} type="link" danger onClick={() => status.markNotSold(quote)}>
          {t('sales.list.markNotSold')}
        </GuardedButton>
      ) : null}
      {canChange && allowed.includes('pending') ? (
        <GuardedButton size={size} type="link" onClick={() => status.reopen(quote)}>
          {t('sales.list.reopen')}
        </GuardedButton>
      ) : null}
      {documents ? (
        <>
          <Tooltip title={t('sales.list.downloadPdf')}>
            <Button
              size={size}
              type="text"
              icon={<DownloadOutlined />}
              aria-label={t('sales.list.downloadPdf')}
              onClick={documents.download}
            />
          </Tooltip>
          <Tooltip title={t('sales.list.printPdf')}>
            <Button
              size={size}
              type="text"
              icon={<PrinterOutlined />}
              aria-label={t('sales.list.printPdf')}
              onClick={documents.print}
            />
          </Tooltip>
          {canChange ? (
            <GuardedButton size={size} type="link" icon={<MailOutlined />} onClick={documents.send}>
              {t('sales.list.send')}
            </GuardedButton>
          ) : null}
        </>
      ) : null}
    </Space>
  );
}
