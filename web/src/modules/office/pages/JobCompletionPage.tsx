import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /office/completionconfirmat: built by a later issue; until then it says what it will hold. */
export default function JobCompletionPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/office/completionconfirmat')} description={t('office.jobCompletion.coming')} />;
}
