import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/dailyallocation: built by a later issue; until then it says what it will hold. */
export default function DailyAssignmentsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/dailyallocation')} description={t('service.dailyAssignments.coming')} />;
}
