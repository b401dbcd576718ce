import { QUOTE_TRANSITIONS, type QuoteStatus } from '@tidyhouse/contract';
import { Space } from 'antd';
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
}

/** The actions a quote allows in its status (QUOTE_TRANSITIONS) and the user's role allows. */
export function QuoteActions({ quote, onView, status, size = 'small' }: QuoteActionsProps) {
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
    </Space>
  );
}
