import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteStatus } from '@tidyhouse/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { quoteDetailKey } from './QuoteForm';

/** What a status change needs of the quote. */
export interface QuoteRef {
  id: number;
  version: number;
  reference: string;
}

export interface SoldNotice {
  reference: string;
  customerId: number | null;
}

interface ChangeResponse {
  id: number;
  version: number;
  status: QuoteStatus;
  customerId: number | null;
}

/**
 * Status changes of a quote (QUOTE_TRANSITIONS): sold and reopen after a confirmation, not sold with
 * a reason. `onSold` receives the customer the conversion created.
 */
export function useQuoteStatus(onSold: (notice: SoldNotice) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [notSold, setNotSold] = useState<QuoteRef | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const change = useMutation({
    mutationFn: ({ quote, status, reason }: { quote: QuoteRef; status: QuoteStatus; reason?: string }) =>
      post<ChangeResponse>('/quote/changeStatus', { id: quote.id, version: quote.version, status, reason: reason ?? '' }),
    onSuccess: (result, { quote }) => {
      void queryClient.invalidateQueries({ queryKey: listQueryKey('/quote/queryList') });
      void queryClient.invalidateQueries({ queryKey: quoteDetailKey(quote.id) });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'history', quote.id] });
      if (result.status === 'sold') {
        onSold({ reference: quote.reference, customerId: result.customerId });
      } else {
        showSuccess(t('sales.status.changed', { reference: quote.reference, status: t(`sales.enums.status.${result.status}`) }));
      }
    },
    onError: (_error, { quote }) => {
      // A stale version or a refused change: the server's message is shown; show the current state.
      void queryClient.invalidateQueries({ queryKey: listQueryKey('/quote/queryList') });
      void queryClient.invalidateQueries({ queryKey: quoteDetailKey(quote.id) });
    },
  });

  const markSold = (quote: QuoteRef) =>
    modal.confirm({
      title: t('sales.status.soldConfirm', { reference: quote.reference }),
      content: t('sales.status.soldConfirmText'),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => change.mutateAsync({ quote, status: 'sold' }).catch(() => undefined),
    });

  const reopen = (quote: QuoteRef) =>
    modal.confirm({
      title: t('sales.status.reopenConfirm', { reference: quote.reference }),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => change.mutateAsync({ quote, status: 'pending' }).catch(() => undefined),
    });

  const markNotSold = (quote: QuoteRef) => {
    form.resetFields();
    setNotSold(quote);
  };

  const notSoldModal = (
    <Modal
      open={notSold !== null}
      title={notSold ? t('sales.status.notSoldTitle', { reference: notSold.reference }) : ''}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={change.isPending}
      onCancel={() => setNotSold(null)}
      onOk={() => form.submit()}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) => {
          if (!notSold) return;
          change.mutate({ quote: notSold, status: 'not_sold', reason }, { onSuccess: () => setNotSold(null) });
        }}
      >
        <Form.Item name="reason" label={t('sales.status.reason')} rules={[required('validation.reasonRequired')]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );

  return { markSold, markNotSold, reopen, notSoldModal, pending: change.isPending };
}
