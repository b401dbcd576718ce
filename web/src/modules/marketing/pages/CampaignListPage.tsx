import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { useScreenTitle } from '@/lib/screens';

/** /marketing/channellist: built by a later issue; until then it says what it will hold. */
export default function CampaignListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={useScreenTitle('/marketing/channellist')} description={t('marketing.campaigns.coming')} />;
}
