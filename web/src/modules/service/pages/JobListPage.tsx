import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /service/worklist: built by a later issue; until then it says what it will hold. */
export default function JobListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/service/worklist')} description={t('service.jobList.coming')} />;
}
