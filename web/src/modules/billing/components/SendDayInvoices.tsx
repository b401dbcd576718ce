import { SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { InvoiceSendDayResponse } from '@tidyhouse/contract';
import { Alert, App, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { downloadInvoicePdf, INVOICE_URLS, PAYMENTS_MANAGE } from '../shared';

/** Close Day, once the day is closed: one action sends that day's unsent invoices by each customer's invoice type. */
export function SendDayInvoices({ date }: { date: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canSend = useHasPermission(PAYMENTS_MANAGE);
  const send = useMutation({
    mutationFn: () => post<InvoiceSendDayResponse>(INVOICE_URLS.sendDay, { serviceDate: date }),
    onSuccess: async (result) => {
      const { email, print, phone, text, fax } = result.sent;
      const contacts = phone + text + fax;
      if (email + print + contacts === 0 && result.failed.length === 0) showSuccess(t('billing.sendDay.nothing'));
      else showSuccess(t('billing.sendDay.result', { email, print, contacts }));
      // Invoices for customers who get theirs on paper: their PDFs, one after the other.
      for (const id of result.printIds) await downloadInvoicePdf({ id, number: String(id) }, t('billing.invoices.pdfFailed'));
    },
  });
  if (!canSend) return null;
  const ask = () =>
    modal.confirm({
      title: t('billing.sendDay.confirm', { date }),
      okText: t('billing.sendDay.action'),
      cancelText: t('common.actions.cancel'),
      onOk: () => send.mutateAsync().catch(() => undefined),
    });
  const failed = send.data?.failed ?? [];
  return (
    <Flex vertical gap={8} align="flex-start">
      <GuardedButton
        type="primary"
        icon={<SendOutlined />}
        loading={send.isPending}
        onClick={ask}
        data-testid="send-day-invoices"
      >
        {t('billing.sendDay.action')}
      </GuardedButton>
      {failed.length ? (
        <Alert
          type="warning"
          showIcon
          data-testid="send-day-failed"
          title={t('billing.sendDay.failed', { list: failed.map((f) => `${f.number} (${f.message})`).join('; ') })}
        />
      ) : null}
    </Flex>
  );
}
