import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sales/newcustomerquotat: built by a later issue; until then it says what it will hold. */
export default function NewQuotePage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sales/newcustomerquotat')} description={t('sales.newQuote.coming')} />;
}
