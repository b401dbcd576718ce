import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/teambuilding: built by a later issue; until then it says what it will hold. */
export default function TeamBuilderPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/teambuilding')} description={t('employees.teamBuilder.coming')} />;
}
