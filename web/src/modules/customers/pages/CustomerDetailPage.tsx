import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /customer/customerdetail: built by a later issue; until then it says what it will hold. */
export default function CustomerDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/customer/customerdetail')} description={t('customers.customerDetail.coming')} />;
}
