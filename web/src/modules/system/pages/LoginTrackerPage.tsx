import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/logs: built by a later issue; until then it says what it will hold. */
export default function LoginTrackerPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/logs')} description={t('system.loginTracker.coming')} />;
}
