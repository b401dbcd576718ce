import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /service/schedule: built by a later issue; until then it says what it will hold. */
export default function ScheduleBoardPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/service/schedule')} description={t('service.scheduleBoard.coming')} />;
}
