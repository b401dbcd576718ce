import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /office/confirmshutdown: built by a later issue; until then it says what it will hold. */
export default function CloseDayPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/office/confirmshutdown')} description={t('office.closeDay.coming')} />;
}
