import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /employee/wages: built by a later issue; until then it says what it will hold. */
export default function WagesSummaryPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/employee/wages')} description={t('payroll.wages.coming')} />;
}
