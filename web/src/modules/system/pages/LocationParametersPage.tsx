import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/positionparameter: built by a later issue; until then it says what it will hold. */
export default function LocationParametersPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/positionparameter')} description={t('system.locationParameters.coming')} />;
}
