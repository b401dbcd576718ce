import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/labortype: built by a later issue; until then it says what it will hold. */
export default function LaborTypesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/labortype')} description={t('system.laborTypes.coming')} />;
}
