import { CUSTOMER_SOURCES, LOCALES } from '@tidyhouse/contract';
import { AutoComplete, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { required } from '@/components/formRules';
import { ZipZone } from './ZipZone';

export interface QuoteCustomerFieldsProps {
  channels: readonly string[];
  /** Called when the phone, address or zip loses focus (duplicate check). */
  onContactBlur: () => void;
}

const col = { xs: 24, md: 12, xl: 8 };

/** The customer card: name or company, phones, e-mail, address with its zone, language, source, note. */
export function QuoteCustomerFields({ channels, onContactBlur }: QuoteCustomerFieldsProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('sales.form.customerCard')} size="small">
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="customerName"
            label={t('sales.fields.customerName')}
            rules={[required('validation.customerNameRequired')]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="phone1" label={t('sales.fields.phone1')} rules={[required('validation.phoneRequired')]}>
            <Input maxLength={32} inputMode="tel" onBlur={onContactBlur} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="phone2" label={t('sales.fields.phone2')}>
            <Input maxLength={32} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="phone3" label={t('sales.fields.phone3')}>
            <Input maxLength={32} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="email" label={t('sales.fields.email')}>
            <Input maxLength={160} type="email" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="language" label={t('sales.fields.language')}>
            <Select options={LOCALES.map((l) => ({ value: l, label: t(`sales.enums.language.${l}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address1" label={t('sales.fields.address1')} rules={[required('validation.addressRequired')]}>
            <Input maxLength={160} onBlur={onContactBlur} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address2" label={t('sales.fields.address2')}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="city" label={t('sales.fields.city')}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item name="state" label={t('sales.fields.state')}>
            <Input maxLength={2} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item name="county" label={t('sales.fields.county')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('sales.fields.zip')} required>
            <Space align="start">
              <Form.Item name="zip" noStyle rules={[required('validation.zipRequired')]}>
                <Input
                  maxLength={10}
                  inputMode="numeric"
                  style={{ width: 120 }}
                  onBlur={onContactBlur}
                  aria-label={t('sales.fields.zip')}
                />
              </Form.Item>
              <ZipZone />
            </Space>
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="country" label={t('sales.fields.country')}>
            <Input maxLength={56} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="source" label={t('sales.fields.source')}>
            <Select allowClear options={CUSTOMER_SOURCES.map((s) => ({ value: s, label: t(`sales.enums.source.${s}`) }))} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="channel" label={t('sales.fields.channel')}>
            <AutoComplete
              maxLength={64}
              options={channels.map((c) => ({ value: c }))}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="customerNote" label={t('sales.fields.customerNote')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
