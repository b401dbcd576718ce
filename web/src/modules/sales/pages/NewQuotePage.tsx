import { useQuery } from '@tanstack/react-query';
import type { Quote, QuoteCalcContext, QuoteSaveResponse } from '@tidyhouse/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { post } from '@/lib/http';
import { useHasPermission } from '@/lib/permissions';
import { useScreenTitle } from '@/lib/screens';
import { QuoteForm, QuoteFormLoading, quoteDetailKey } from '../components/QuoteForm';
import { QuoteSaved } from '../components/QuoteSaved';

/** /sales/newcustomerquotat (and its Quick Link): a new quote, or a pending one with `?id=`. */
export default function NewQuotePage() {
  const { t } = useTranslation();
  const title = useScreenTitle('/sales/newcustomerquotat');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const canList = useHasPermission('/sales/quotationlist');
  const [saved, setSaved] = useState<QuoteSaveResponse | null>(null);
  // A new form after "new quote": a fresh key remounts it empty.
  const [formKey, setFormKey] = useState(0);

  const context = useQuery({
    queryKey: ['sales', 'calcContext', id],
    queryFn: () => post<QuoteCalcContext>('/quote/calcContext', { quoteId: id }),
  });
  const quote = useQuery({
    queryKey: quoteDetailKey(id ?? 0),
    queryFn: () => post<Quote>('/quote/detail', { id }),
    enabled: id !== null,
  });

  const startNew = () => {
    setSaved(null);
    setFormKey((k) => k + 1);
    navigate(pathname);
  };

  let body: React.ReactNode;
  if (saved) {
    body = (
      <QuoteSaved
        saved={saved}
        onView={canList ? () => navigate(`/sales/quotationlist?view=${saved.id}`) : null}
        onNew={startNew}
      />
    );
  } else if (context.isError || quote.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={quote.isError ? t('sales.form.loadFailed') : t('sales.form.contextFailed')}
        action={
          <Button size="small" onClick={() => void Promise.all([context.refetch(), id ? quote.refetch() : null])}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  } else if (!context.data || (id !== null && !quote.data)) {
    body = <QuoteFormLoading />;
  } else if (quote.data && quote.data.status !== 'pending') {
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('sales.form.notEditable', {
          reference: quote.data.reference,
          status: t(`sales.enums.status.${quote.data.status}`),
        })}
        action={
          canList ? (
            <Button size="small" onClick={() => navigate('/sales/quotationlist')}>
              {t('sales.form.backToList')}
            </Button>
          ) : null
        }
      />
    );
  } else {
    body = (
      <QuoteForm
        key={formKey}
        quote={quote.data ?? null}
        context={context.data}
        onSaved={setSaved}
        onStale={() => void quote.refetch()}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {quote.data ? t('sales.form.editTitle', { reference: quote.data.reference }) : title}
      </Typography.Title>
      {body}
    </Flex>
  );
}
