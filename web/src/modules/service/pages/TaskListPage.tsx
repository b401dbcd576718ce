import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /service/tasklist: built by a later issue; until then it says what it will hold. */
export default function TaskListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/service/tasklist')} description={t('service.taskList.coming')} />;
}
