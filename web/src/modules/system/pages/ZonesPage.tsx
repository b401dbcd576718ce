import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/region: built by a later issue; until then it says what it will hold. */
export default function ZonesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/region')} description={t('system.zones.coming')} />;
}
