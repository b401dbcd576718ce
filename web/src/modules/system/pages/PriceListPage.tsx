import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /sys/serviceprice: built by a later issue; until then it says what it will hold. */
export default function PriceListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/sys/serviceprice')} description={t('system.priceList.coming')} />;
}
