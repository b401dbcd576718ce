import { InvoiceTable } from '../components/InvoiceTable';

/** /customer/invoices: every customer's invoices, searched and filtered; one opens in a drawer. */
export default function InvoicesPage() {
  return <InvoiceTable />;
}
