import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /office/creditcardcollection: built by a later issue; until then it says what it will hold. */
export default function CardQueuePage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/office/creditcardcollection')} description={t('office.cardQueue.coming')} />;
}
