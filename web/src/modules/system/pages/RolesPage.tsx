import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/roleauthor: built by a later issue; until then it says what it will hold. */
export default function RolesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/roleauthor')} description={t('system.roles.coming')} />;
}
