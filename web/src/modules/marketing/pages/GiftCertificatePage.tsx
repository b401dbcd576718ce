import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /marketing/giftcertificate: built by a later issue; until then it says what it will hold. */
export default function GiftCertificatePage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/marketing/giftcertificate')} description={t('marketing.giftCertificates.coming')} />;
}
