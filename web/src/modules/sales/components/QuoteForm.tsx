import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  type CustomerOptions,
  type Duplicates,
  type Quote,
  type QuoteCalcContext,
  type QuoteSaveResponse,
} from '@tidyhouse/contract';
import { Alert, Button, Card, Col, Flex, Form, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { listQueryKey } from '@/components/ListPage';
import { ApiError, post } from '@/lib/http';
import { EMPTY_QUOTE, fromQuote, type QuoteFormValues, toQuoteRequest } from '../quoteForm';
import { DuplicateAlert } from './DuplicateAlert';
import { LiveBreakdown } from './LiveBreakdown';
import { QuoteCustomerFields } from './QuoteCustomerFields';
import { QuoteJobFields } from './QuoteJobFields';
import { QuotePriceFields } from './QuotePriceFields';

export const quoteDetailKey = (id: number) => ['sales', 'quote', id] as const;

interface DuplicateCheck {
  phone: string;
  address: string;
  zip: string;
}

export interface QuoteFormProps {
  /** The pending quote being edited, or null for a new one. */
  quote: Quote | null;
  context: QuoteCalcContext;
  onSaved: (saved: QuoteSaveResponse) => void;
  /** A stale version (10009): the caller reloads the quote. */
  onStale: () => void;
}

/** The quote form beside its live price breakdown (contract's calculateQuotePrice on every change). */
export function QuoteForm({ quote, context, onSaved, onStale }: QuoteFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<QuoteFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [check, setCheck] = useState<DuplicateCheck>({ phone: '', address: '', zip: '' });

  useEffect(() => {
    form.resetFields();
    if (quote) form.setFieldsValue(fromQuote(quote));
  }, [form, quote]);

  const options = useQuery({ queryKey: ['customer', 'options'], queryFn: () => post<CustomerOptions>('/customer/options') });

  const duplicates = useQuery({
    queryKey: ['sales', 'duplicates', check, quote?.id ?? null],
    queryFn: () => post<Duplicates>('/quote/duplicates', { ...check, excludeQuoteId: quote?.id ?? null }),
    enabled: check.phone !== '' || check.address !== '',
  });
  const checkDuplicates = () => {
    const next = {
      phone: (form.getFieldValue('phone1') ?? '').trim(),
      address: (form.getFieldValue('address1') ?? '').trim(),
      zip: (form.getFieldValue('zip') ?? '').trim(),
    };
    if (JSON.stringify(next) !== JSON.stringify(check)) setCheck(next);
  };

  const save = useMutation({
    mutationFn: (form: QuoteFormValues) => {
      const body = toQuoteRequest(form);
      return quote
        ? post<QuoteSaveResponse>('/quote/modify', { ...body, id: quote.id, version: quote.version })
        : post<QuoteSaveResponse>('/quote/add', body);
    },
    onMutate: () => setRefusal(null),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: listQueryKey('/quote/queryList') });
      void queryClient.invalidateQueries({ queryKey: quoteDetailKey(saved.id) });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === Code.CONFLICT) onStale();
      else if (error instanceof ApiError && error.message) {
        setRefusal(error.message);
        // A refused coupon (or another field the server names) is also shown under its field.
        const issues = (error.data as { issues?: { field: string; message: string }[] } | null)?.issues ?? [];
        const onForm = issues.filter((issue) => issue.field === 'couponCode');
        if (onForm.length)
          form.setFields(onForm.map((issue) => ({ name: issue.field as 'couponCode', errors: [issue.message] })));
      }
    },
  });

  return (
    <Form<QuoteFormValues>
      form={form}
      layout="vertical"
      initialValues={EMPTY_QUOTE}
      onFinish={(v) => save.mutate(v)}
      scrollToFirstError
      data-testid="quote-form"
    >
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16}>
            <DuplicateAlert duplicates={duplicates.data} />
            <QuoteCustomerFields channels={options.data?.channels ?? []} onContactBlur={checkDuplicates} />
            <QuoteJobFields priceItems={context.priceItems} />
            <QuotePriceFields parameters={context.parameters} teams={options.data?.teams ?? []} context={context} />
          </Flex>
        </Col>
        <Col xs={24} xl={9}>
          <div style={{ position: 'sticky', top: 16 }}>
            <Card title={t('sales.breakdown.title')} size="small">
              <Flex vertical gap={12}>
                <LiveBreakdown context={context} />
                {refusal ? (
                  <Alert
                    type="error"
                    showIcon
                    title={t('sales.form.refused')}
                    description={refusal}
                    data-testid="quote-refusal"
                  />
                ) : null}
                <Space wrap>
                  <GuardedButton type="primary" htmlType="submit" loading={save.isPending}>
                    {quote ? t('sales.form.saveChanges') : t('sales.form.save')}
                  </GuardedButton>
                  <Button
                    onClick={() => {
                      form.resetFields();
                      if (quote) form.setFieldsValue(fromQuote(quote));
                      setRefusal(null);
                    }}
                  >
                    {t('sales.form.reset')}
                  </Button>
                </Space>
              </Flex>
            </Card>
          </div>
        </Col>
      </Row>
    </Form>
  );
}

/** Waiting for what the form needs. */
export function QuoteFormLoading() {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin />
    </Flex>
  );
}
