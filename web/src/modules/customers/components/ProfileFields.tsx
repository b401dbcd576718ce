import { CUSTOMER_SOURCES, CUSTOMER_STATUSES, LOCALES } from '@tidyhouse/contract';
import { AutoComplete, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { useCustomerOptions, useEnumOptions } from '../shared';

/** The profile's Form.Items (add modal and profile tab); `withStatus` for a new customer. */
export function ProfileFields({ withStatus = false }: { withStatus?: boolean }) {
  const { t } = useTranslation();
  const options = useCustomerOptions();
  const sources = useEnumOptions('source', CUSTOMER_SOURCES);
  const statuses = useEnumOptions('status', CUSTOMER_STATUSES);
  const languages = useEnumOptions('language', LOCALES);
  const teams = (options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }));
  const channels = (options.data?.channels ?? []).map((value) => ({ value }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t('customers.profile.name')} rules={[required('validation.customerNameRequired')]}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="company" label={t('customers.profile.company')}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="phone1" label={t('customers.profile.phone1')} rules={[required('validation.phoneRequired')]}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="phone2" label={t('customers.profile.phone2')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="phone3" label={t('customers.profile.phone3')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="email"
          label={t('customers.profile.email')}
          rules={[{ type: 'email', message: t('validation.emailFormat') }]}
        >
          <Input maxLength={160} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="language" label={t('customers.profile.language')}>
          <Select options={languages} />
        </Form.Item>
      </Col>
      {withStatus ? (
        <Col xs={24} md={6}>
          <Form.Item name="status" label={t('customers.profile.status')}>
            <Select options={statuses} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={6}>
        <Form.Item name="source" label={t('customers.profile.source')}>
          <Select allowClear options={sources} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="channel" label={t('customers.profile.channel')}>
          <AutoComplete options={channels} maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="serviceTeamId" label={t('customers.profile.serviceTeam')}>
          <Select allowClear options={teams} loading={options.isPending} />
        </Form.Item>
      </Col>
      {withStatus ? null : (
        // Derived from the jobs (docs/business-rules.md "Customers"): shown, never typed.
        <>
          <Col xs={24} md={6}>
            <Form.Item
              name="nextServiceDate"
              label={t('customers.profile.nextServiceDate')}
              extra={t('customers.profile.serviceDatesHint')}
            >
              <DatePicker disabled placeholder="—" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="lastServiceDate" label={t('customers.profile.lastServiceDate')}>
              <DatePicker disabled placeholder="—" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={24}>
        <Form.Item name="note" label={t('customers.profile.note')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Col>
    </Row>
  );
}
