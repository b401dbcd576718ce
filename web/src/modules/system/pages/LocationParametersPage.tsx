import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessProfileCard } from '../components/BusinessProfileCard';
import { DisclaimersCard } from '../components/DisclaimersCard';
import { MailParamsCard } from '../components/MailParamsCard';
import { MessageParamsCard } from '../components/MessageParamsCard';
import { PaymentParamsCard } from '../components/PaymentParamsCard';
import { QuoteParamsCard } from '../components/QuoteParamsCard';

/** /sys/positionparameter: business profile, quote parameters, payment vendor parameters and disclaimers. */
export default function LocationParametersPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'profile', label: t('system.params.tabs.profile'), children: <BusinessProfileCard /> },
        { key: 'quote', label: t('system.params.tabs.quote'), children: <QuoteParamsCard /> },
        { key: 'payment', label: t('system.params.tabs.payment'), children: <PaymentParamsCard /> },
        { key: 'mail', label: t('system.params.tabs.mail'), children: <MailParamsCard /> },
        { key: 'messages', label: t('system.params.tabs.messages'), children: <MessageParamsCard /> },
        { key: 'disclaimers', label: t('system.params.tabs.disclaimers'), children: <DisclaimersCard /> },
      ]}
    />
  );
}
