import {
  CARD_BRANDS,
  type ColoredRef,
  centsToDecimalText,
  NUMBER_RANGES,
  type QuoteCalcContext,
  type QuotePricingParameters,
} from '@tidyhouse/contract';
import { Card, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange } from '@/components/formRules';
import { CouponCodeField } from './CouponCodeField';
import { ValidationMessageText } from './ValidationMessageText';

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

/** The card on file: brand, last four digits, expiry, holder; never a full card number field. */
export function QuoteCardFields() {
  const { t } = useTranslation();
  const cardRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () => {
      const parts = [getFieldValue('cardBrand'), getFieldValue('cardLast4'), getFieldValue('cardExpiry')];
      const filled = parts.filter((p) => p !== null && p !== undefined && p !== '').length;
      return filled === 0 || filled === 3 ? Promise.resolve() : Promise.reject(new Error('cardIncomplete'));
    },
    message: <ValidationMessageText textKey="sales.form.cardIncomplete" />,
  });
  return (
    <Card title={t('sales.form.cardCard')} size="small">
      <Typography.Paragraph type="secondary">{t('sales.form.cardHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="cardBrand"
            label={t('sales.fields.cardBrand')}
            rules={[cardRule]}
            dependencies={['cardLast4', 'cardExpiry']}
          >
            <Select allowClear options={CARD_BRANDS.map((b) => ({ value: b, label: t(`sales.enums.cardBrand.${b}`) }))} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="cardLast4"
            label={t('sales.fields.cardLast4')}
            rules={[{ pattern: /^\d{4}$/, message: <ValidationMessageText textKey="sales.form.last4Rule" /> }]}
          >
            <Input maxLength={4} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="cardExpiry" label={t('sales.fields.cardExpiry')}>
            <DatePicker picker="month" format="MM/YYYY" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="cardHolder" label={t('sales.fields.cardHolder')}>
            <Input maxLength={96} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
