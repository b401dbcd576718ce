import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /customer/connectrecord: built by a later issue; until then it says what it will hold. */
export default function CommunicationsLogPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/customer/connectrecord')} description={t('customers.communications.coming')} />;
}
