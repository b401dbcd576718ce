import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /service/workdeatil: built by a later issue; until then it says what it will hold. */
export default function JobDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/service/workdeatil')} description={'…'} />;
}
