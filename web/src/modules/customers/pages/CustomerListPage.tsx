import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /customer/customerlist: built by a later issue; until then it says what it will hold. */
export default function CustomerListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/customer/customerlist')} description={t('customers.customerList.coming')} />;
}
