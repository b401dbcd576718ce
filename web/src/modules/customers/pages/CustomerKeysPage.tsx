import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /customer/secretkey: built by a later issue; until then it says what it will hold. */
export default function CustomerKeysPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/customer/secretkey')} description={t('customers.keyList.coming')} />;
}
