import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /office/dailyschedule: built by a later issue; until then it says what it will hold. */
export default function StartOfDayPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/office/dailyschedule')} description={t('office.startOfDay.coming')} />;
}
