import { useSearchParams } from 'react-router';
import { InvoiceTable } from '../components/InvoiceTable';
import { INVOICE_PARAM } from '../shared';

/**
 * /customer/invoices: every customer's invoices, searched and filtered; one opens in a drawer. The open
 * invoice is `?invoice=<id>`, so Job Detail links straight to it and a reload keeps it open.
 */
export default function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(INVOICE_PARAM));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return (
    <InvoiceTable
      openId={openId}
      onOpenChange={(id) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (id) next.set(INVOICE_PARAM, String(id));
            else next.delete(INVOICE_PARAM);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
