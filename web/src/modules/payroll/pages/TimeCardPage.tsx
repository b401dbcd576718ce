import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/attendance: built by a later issue; until then it says what it will hold. */
export default function TimeCardPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/attendance')} description={t('payroll.timeCard.coming')} />;
}
