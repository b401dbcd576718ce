import { useQuery } from '@tanstack/react-query';
import { HOUSE_TYPES, NUMBER_RANGES } from '@tidyhouse/contract';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRange, required } from '@/components/formRules';
import { post } from '@/lib/http';
import { useEnumOptions } from '../shared';

interface ZoneLookup {
  zone: { id: number; name: string; color: string } | null;
}

/** The zone a five-digit zip resolves to, shown beside the zip field. */
function ZipZone({ zip }: { zip: string | undefined }) {
  const { t } = useTranslation();
  const five = /^\d{5}/.test(zip ?? '') ? (zip ?? '').slice(0, 5) : '';
  const lookup = useQuery({
    queryKey: ['zone', 'lookup', five],
    queryFn: () => post<ZoneLookup | null>('/zone/lookup', { zip: five }),
    enabled: five !== '',
    staleTime: 60_000,
  });
  if (!five || lookup.isPending) return null;
  const zone = lookup.data?.zone;
  return zone ? (
    <Tag color={zone.color} data-testid="zip-zone">
      {zone.name}
    </Tag>
  ) : (
    <Typography.Text type="secondary">{t('customers.location.noZone')}</Typography.Text>
  );
}

const CODES = [
  { field: 'keyCode', clear: 'clearKeyCode', label: 'customers.location.keyCode' },
  { field: 'alarmCode', clear: 'clearAlarmCode', label: 'customers.location.alarmCode' },
  { field: 'gateCode', clear: 'clearGateCode', label: 'customers.location.gateCode' },
] as const;

/**
 * A location's Form.Items. `prefix` nests them (the add-customer modal keeps them under 'location');
 * `editing` explains that an empty code keeps the stored one and offers to clear it.
 */
export function LocationFields({ prefix, editing = false }: { prefix?: string; editing?: boolean }) {
  const { t } = useTranslation();
  const houseTypes = useEnumOptions('houseType', HOUSE_TYPES);
  const name = (field: string) => (prefix ? [prefix, field] : field);
  const zip = Form.useWatch(name('zip')) as string | undefined;
  const clears = {
    clearKeyCode: Form.useWatch(name('clearKeyCode')) as boolean | undefined,
    clearAlarmCode: Form.useWatch(name('clearAlarmCode')) as boolean | undefined,
    clearGateCode: Form.useWatch(name('clearGateCode')) as boolean | undefined,
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name={name('name')} label={t('customers.location.name')} rules={[required('validation.locationNameRequired')]}>
          <Input maxLength={96} placeholder={t('customers.location.namePlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={name('houseType')}
          label={t('customers.location.houseType')}
          rules={[required('validation.houseTypeRequired')]}
        >
          <Select options={houseTypes} />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          name={name('address1')}
          label={t('customers.location.address1')}
          rules={[required('validation.addressRequired')]}
        >
          <Input maxLength={160} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={name('address2')} label={t('customers.location.address2')}>
          <Input maxLength={80} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={name('city')} label={t('customers.location.city')}>
          <Input maxLength={80} />
        </Form.Item>
      </Col>
      <Col xs={8} md={4}>
        <Form.Item name={name('state')} label={t('customers.location.state')}>
          <Input maxLength={2} />
        </Form.Item>
      </Col>
      <Col xs={16} md={12}>
        <Form.Item label={t('customers.location.zip')} required>
          <Space align="start">
            <Form.Item name={name('zip')} noStyle rules={[required('validation.zipRequired')]}>
              <Input maxLength={10} style={{ width: 120 }} aria-label={t('customers.location.zip')} />
            </Form.Item>
            <ZipZone zip={zip} />
          </Space>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={name('primaryContact')}
          label={t('customers.location.primaryContact')}
          rules={[required('validation.primaryContactRequired')]}
        >
          <Input maxLength={96} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={name('contactPhone')} label={t('customers.location.contactPhone')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          name={name('sqft')}
          label={t('customers.location.sqft')}
          rules={[numberRange(NUMBER_RANGES.locationSqft, 'customers.location.sqft')]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={name('accessNotes')} label={t('customers.location.accessNotes')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={name('isPrimary')} valuePropName="checked">
          <Checkbox>{t('customers.location.isPrimary')}</Checkbox>
        </Form.Item>
      </Col>
      {CODES.map((code) => (
        <Col xs={24} md={8} key={code.field}>
          <Form.Item
            name={name(code.field)}
            label={t(code.label)}
            extra={editing ? t('customers.location.codeKeepHint') : t('customers.location.codeNewHint')}
          >
            <Input.Password
              maxLength={32}
              autoComplete="new-password"
              disabled={Boolean(clears[code.clear])}
              placeholder={editing ? t('customers.location.codeKeepPlaceholder') : ''}
            />
          </Form.Item>
          {editing ? (
            <Form.Item name={name(code.clear)} valuePropName="checked">
              <Checkbox>{t('customers.location.clearCode')}</Checkbox>
            </Form.Item>
          ) : null}
        </Col>
      ))}
    </Row>
  );
}
