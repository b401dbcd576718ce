import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /quick/dashboard: built by a later issue; until then it says what it will hold. */
export default function DashboardPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/quick/dashboard')} description={t('dashboard.home.coming')} />;
}
