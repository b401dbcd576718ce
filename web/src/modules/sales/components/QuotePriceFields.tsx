import {
  type ColoredRef,
  centsToDecimalText,
  NUMBER_RANGES,
  type QuoteCalcContext,
  type QuotePricingParameters,
} from '@tidyhouse/contract';
import { Card, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange } from '@/components/formRules';
import { CouponCodeField } from './CouponCodeField';

const col = { xs: 24, md: 12, xl: 8 };

/** The price card (team, rate, travel, coupon, discount, flat rate, team note, preferred team). */
export function QuotePriceFields({
  parameters,
  teams,
  context,
}: {
  parameters: QuotePricingParameters;
  teams: readonly ColoredRef[];
  context: QuoteCalcContext;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('sales.form.priceCard')} size="small">
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="teamSize"
            label={t('sales.fields.teamSize')}
            rules={[numberRange(NUMBER_RANGES.quoteTeamSize, 'sales.fields.teamSize')]}
          >
            <DecimalInput maxLength={5} placeholder={t('sales.form.defaultValue', { value: parameters.defaultTeamSize })} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="pricePerMinute"
            label={t('sales.fields.pricePerMinute')}
            rules={[numberRange(NUMBER_RANGES.quotePricePerMinuteCents, 'sales.fields.pricePerMinute')]}
          >
            <DecimalInput
              maxLength={10}
              placeholder={t('sales.form.defaultValue', { value: centsToDecimalText(parameters.defaultPricePerMinuteCents) })}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="travelMinutes"
            label={t('sales.fields.travelMinutes')}
            rules={[numberRange(NUMBER_RANGES.quoteTravelMinutes, 'sales.fields.travelMinutes')]}
          >
            <DecimalInput maxLength={6} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <CouponCodeField context={context} />
        </Col>
        <Col {...col}>
          <Form.Item
            name="couponDiscount"
            label={t('sales.fields.couponDiscount')}
            rules={[numberRange(NUMBER_RANGES.quoteAmountCents, 'sales.fields.couponDiscount')]}
          >
            <DecimalInput maxLength={12} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="discount"
            label={t('sales.fields.discount')}
            rules={[numberRange(NUMBER_RANGES.quoteAmountCents, 'sales.fields.discount')]}
          >
            <DecimalInput maxLength={12} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="flatRate"
            label={t('sales.fields.flatRate')}
            rules={[numberRange(NUMBER_RANGES.quoteAmountCents, 'sales.fields.flatRate')]}
          >
            <DecimalInput maxLength={12} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="preferredTeamId" label={t('sales.fields.preferredTeam')}>
            <Select allowClear options={teams.map((team) => ({ value: team.id, label: team.name }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="teamNote" label={t('sales.fields.teamNote')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
