import { useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@tidyhouse/contract';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';
import { showDate, useMoney } from '@/modules/customers/shared';
import { INVOICE_URLS } from '../shared';

/** The payment goes to the customer's oldest open invoices first (the server's rule when none is picked). */
export const APPLY_OLDEST_FIRST = 'oldest';

/** "Apply to invoice" choices: oldest first, then each open invoice of the customer, the oldest due first. */
export function useApplyOptions(customerId: number) {
  const { t } = useTranslation();
  const money = useMoney();
  const open = useQuery({
    queryKey: ['invoice', 'open', customerId],
    queryFn: () =>
      post<InvoiceListResponse>(INVOICE_URLS.list, {
        customerId,
        unpaidOnly: true,
        pageNum: 1,
        pageSize: 100,
        sort: { field: 'dueOn', order: 'ascend' },
      }),
  });
  const invoices = open.data?.list ?? [];
  return [
    { value: APPLY_OLDEST_FIRST, label: t('billing.apply.oldestFirst') },
    ...invoices.map((invoice) => ({
      value: invoice.id,
      label: t('billing.apply.option', {
        number: invoice.number,
        dueOn: showDate(invoice.dueOn),
        open: money(invoice.openCents),
      }),
    })),
  ];
}
