import {
  type BusinessProfileDetail,
  type BusinessProfileModifyRequest,
  DEFAULT_TIME_ZONE,
  SALES_TAX_BPS_MAX,
  US_STATE_CODES,
  ZEmailOrEmpty,
  ZPhone,
  ZUsZip,
} from '@tidyhouse/contract';
import { Col, Form, type FormRule, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { contractRule, required, ValidationMessage } from '@/components/formRules';
import { useRecordForm } from '@/components/useRecordForm';
import { BUSINESS_PROFILE_QUERY_KEY } from '@/lib/businessProfile';
import { post } from '@/lib/http';
import { percentRule, requiredText } from './rules';
import { SettingsCard } from './SettingsCard';
import { QUOTE_SETTINGS_QUERY_KEY } from './shared';
import { percent } from './units';

type ProfileValues = Omit<BusinessProfileModifyRequest, 'version' | 'salesTaxBps'> & { salesTax: string };

const toValues = ({ version: _v, updatedAt: _u, salesTaxBps, ...fields }: BusinessProfileDetail): ProfileValues => ({
  ...fields,
  salesTax: percent.toText(salesTaxBps),
});

/** The zones people here pick from first; any other IANA zone can be chosen too. */
const US_TIME_ZONES = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/New_York',
  'America/Anchorage',
  'Pacific/Honolulu',
];
function timeZoneOptions(label: { us: string; all: string }, current?: string) {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  const others = all.filter((zone) => !US_TIME_ZONES.includes(zone));
  if (current && !all.includes(current) && !US_TIME_ZONES.includes(current)) others.unshift(current);
  return [
    { label: label.us, options: US_TIME_ZONES.map((zone) => ({ value: zone, label: zone })) },
    { label: label.all, options: others.map((zone) => ({ value: zone, label: zone })) },
  ];
}

/** Business hours are picked by the half hour (the board's grid is finer; hours rarely are). */
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const time = `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
  return { value: time, label: time };
});

const closingAfterOpening: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, closing?: string) => {
    const opening: string | undefined = getFieldValue('openingTime');
    return !closing || !opening || closing > opening
      ? Promise.resolve()
      : Promise.reject(<ValidationMessage messageKey="validation.closingNotAfterOpening" />);
  },
});

export const stateOptions = US_STATE_CODES.map((code) => ({ value: code, label: code }));

/** Business profile: the address the header shows, phone, email, time zone and sales tax. */
export function BusinessProfileCard() {
  const { t } = useTranslation();
  const recordForm = useRecordForm<ProfileValues, BusinessProfileDetail>({
    load: {
      queryKey: ['sysParam', 'profileDetail'],
      queryFn: () => post<BusinessProfileDetail>('/sysParam/profileDetail'),
      toValues,
    },
    submit: ({ salesTax, ...values }, record) =>
      post<BusinessProfileDetail>('/sysParam/profileModify', {
        ...values,
        version: record?.version ?? 0,
        salesTaxBps: percent.fromText(salesTax) ?? 0,
      } satisfies BusinessProfileModifyRequest),
    // The header shows the address; "today" follows the time zone.
    invalidates: [BUSINESS_PROFILE_QUERY_KEY, QUOTE_SETTINGS_QUERY_KEY],
  });
  const timeZone = Form.useWatch('timeZone', recordForm.form);

  return (
    <SettingsCard title={t('system.params.profile.title')} recordForm={recordForm} testId="profile-card">
      <Form.Item name="name" label={t('system.params.profile.name')} rules={requiredText('system.params.profile.name')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="legalName" label={t('system.params.profile.legalName')} extra={t('system.params.profile.legalNameHelp')}>
        <Input maxLength={160} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="street" label={t('system.params.profile.street')} rules={[required('validation.addressRequired')]}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="suite" label={t('system.params.profile.suite')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="city" label={t('system.params.profile.city')} rules={requiredText('system.params.profile.city')}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="state" label={t('system.params.profile.state')} rules={requiredText('system.params.profile.state')}>
            <Select showSearch options={stateOptions} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="zip"
            label={t('system.params.profile.zip')}
            rules={[required('validation.zipRequired'), contractRule(ZUsZip, 'rule.usZip')]}
          >
            <Input maxLength={10} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('system.params.profile.phone')}
            rules={[required('validation.phoneRequired'), contractRule(ZPhone, 'rule.phone')]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('system.params.profile.email')} rules={[contractRule(ZEmailOrEmpty, 'rule.email')]}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="timeZone"
            label={t('system.params.profile.timeZone')}
            extra={t('system.params.profile.timeZoneHelp')}
            rules={requiredText('system.params.profile.timeZone')}
          >
            <Select
              showSearch
              options={timeZoneOptions(
                { us: t('system.params.profile.usZones'), all: t('system.params.profile.allZones') },
                timeZone,
              )}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="salesTax"
            label={t('system.params.profile.salesTax')}
            extra={t('system.params.profile.salesTaxHelp')}
            rules={[...requiredText('system.params.profile.salesTax'), percentRule(0, SALES_TAX_BPS_MAX)]}
          >
            <DecimalInput suffix="%" style={{ maxWidth: 200 }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item
            name="openingTime"
            label={t('system.params.profile.openingTime')}
            extra={t('system.params.profile.hoursHelp')}
            rules={requiredText('system.params.profile.openingTime')}
          >
            <Select options={HALF_HOURS} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="closingTime"
            label={t('system.params.profile.closingTime')}
            dependencies={['openingTime']}
            rules={[...(requiredText('system.params.profile.closingTime') as FormRule[]), closingAfterOpening]}
          >
            <Select options={HALF_HOURS} />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
