import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_COST_MAX_CENTS,
  type Campaign,
  type CampaignAddRequest,
  type CampaignModifyRequest,
  COUPON_KINDS,
  type CouponKind,
  centsToDecimalText,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { FormModal } from '@/components/FormModal';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { centsRule, percentRule, requiredText, requiredValue } from '../../system/components/rules';

export const CAMPAIGN_LIST_URL = '/campaign/queryList';

interface CampaignValues {
  category: Campaign['category'];
  sourceName: string;
  couponCode: string;
  couponKind: CouponKind;
  /** A percent or dollars with two decimals, as DecimalInput keeps them. */
  couponValue: string;
  startDate: Dayjs;
  endDate: Dayjs;
  cost: string;
  /** Empty: no limit. */
  usageLimit: number | null;
  minSubtotal: string;
  active: boolean;
}

const toValues = (row: Campaign): CampaignValues => ({
  category: row.category,
  sourceName: row.sourceName,
  couponCode: row.couponCode,
  couponKind: row.couponKind,
  couponValue: centsToDecimalText(row.couponValue),
  startDate: dayjs(row.startDate),
  endDate: dayjs(row.endDate),
  cost: centsToDecimalText(row.costCents),
  usageLimit: row.usageLimit,
  minSubtotal: centsToDecimalText(row.minSubtotalCents),
  active: row.active,
});

const toRequest = ({
  startDate,
  endDate,
  cost,
  couponValue,
  usageLimit,
  minSubtotal,
  ...values
}: CampaignValues): CampaignAddRequest => ({
  ...values,
  usageLimit: usageLimit ?? null,
  minSubtotalCents: parseMoneyToCents(minSubtotal ?? '') ?? 0,
  sourceName: values.sourceName.trim(),
  couponCode: (values.couponCode ?? '').trim(),
  // Both a percent (two decimals → basis points) and dollars (→ cents) are hundredths.
  couponValue: parseMoneyToCents(couponValue ?? '') ?? 0,
  startDate: startDate.format('YYYY-MM-DD'),
  endDate: endDate.format('YYYY-MM-DD'),
  costCents: parseMoneyToCents(cost ?? '') ?? 0,
});

/** Add or edit a campaign (`id` absent: add). A save sends it back to pending. */
export function CampaignModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const recordForm = useRecordForm<CampaignValues, Campaign>({
    load: id
      ? { queryKey: ['campaign', 'detail', id], queryFn: () => post<Campaign>('/campaign/detail', { id }), toValues }
      : undefined,
    submit: (values, record) =>
      record
        ? post<Campaign>('/campaign/modify', {
            id: record.id,
            version: record.version,
            ...toRequest(values),
          } satisfies CampaignModifyRequest)
        : post<Campaign>('/campaign/add', toRequest(values)),
    invalidates: [listQueryKey(CAMPAIGN_LIST_URL), ['campaign', 'stats']],
    onSaved: onClose,
    reloadAfterSave: false,
  });
  const kind = Form.useWatch('couponKind', recordForm.form) as CouponKind | undefined;

  return (
    <FormModal
      title={t(id ? 'marketing.campaigns.editTitle' : 'marketing.campaigns.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      initialValues={{ category: 'online', couponKind: 'percent', active: true, cost: '0.00', minSubtotal: '0.00' }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="category"
            label={t('marketing.campaigns.category')}
            rules={requiredValue('marketing.campaigns.category')}
          >
            <Select options={CAMPAIGN_CATEGORIES.map((c) => ({ value: c, label: t(`marketing.campaigns.categories.${c}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="sourceName"
            label={t('marketing.campaigns.sourceName')}
            rules={requiredText('marketing.campaigns.sourceName')}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="startDate"
            label={t('marketing.campaigns.startDate')}
            rules={requiredValue('marketing.campaigns.startDate')}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="endDate"
            label={t('marketing.campaigns.endDate')}
            dependencies={['startDate']}
            rules={[
              ...requiredValue('marketing.campaigns.endDate'),
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | null) =>
                  value && getFieldValue('startDate') && value.isBefore(getFieldValue('startDate'), 'day')
                    ? Promise.reject(new Error(t('marketing.campaigns.endBeforeStart')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="couponCode"
            label={t('marketing.campaigns.couponCode')}
            extra={t('marketing.campaigns.couponCodeHelp')}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="couponKind" label={t('marketing.campaigns.couponKind')}>
            <Select options={COUPON_KINDS.map((k) => ({ value: k, label: t(`marketing.campaigns.couponKinds.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="couponValue"
            label={t('marketing.campaigns.couponValue')}
            rules={[kind === 'fixed' ? centsRule(0, 100_000_000) : percentRule(0, 10_000)]}
          >
            <DecimalInput prefix={kind === 'fixed' ? '$' : undefined} suffix={kind === 'fixed' ? undefined : '%'} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="usageLimit"
            label={t('marketing.campaigns.usageLimit')}
            extra={t('marketing.campaigns.usageLimitHelp')}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="minSubtotal"
            label={t('marketing.campaigns.minSubtotal')}
            extra={t('marketing.campaigns.minSubtotalHelp')}
            rules={[centsRule(0, CAMPAIGN_COST_MAX_CENTS)]}
          >
            <DecimalInput prefix="$" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="cost" label={t('marketing.campaigns.cost')} rules={[centsRule(0, CAMPAIGN_COST_MAX_CENTS)]}>
            <DecimalInput prefix="$" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="active" label={t('marketing.campaigns.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
