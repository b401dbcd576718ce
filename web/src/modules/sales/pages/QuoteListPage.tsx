import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sales/quotationlist: built by a later issue; until then it says what it will hold. */
export default function QuoteListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sales/quotationlist')} description={t('sales.quoteList.coming')} />;
}
