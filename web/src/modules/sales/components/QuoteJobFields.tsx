import {
  HOUSE_TYPES,
  JOB_FREQUENCIES,
  LOCATION_TYPES,
  NUMBER_RANGES,
  QUOTE_TYPES,
  type QuotePriceItem,
} from '@tidyhouse/contract';
import { Card, Col, Flex, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { QuoteLinesField } from './QuoteLinesField';

const col = { xs: 24, md: 12, xl: 8 };

/** The job card: location and house, the housing details table, add-ons and fees, frequency. */
export function QuoteJobFields({ priceItems }: { priceItems: readonly QuotePriceItem[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('sales.form.jobCard')} size="small">
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="locationType" label={t('sales.fields.locationType')}>
            <Radio.Group
              optionType="button"
              options={LOCATION_TYPES.map((v) => ({ value: v, label: t(`sales.enums.locationType.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="houseType" label={t('sales.fields.houseType')} rules={[required('validation.houseTypeRequired')]}>
            <Select options={HOUSE_TYPES.map((v) => ({ value: v, label: t(`sales.enums.houseType.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="quoteType" label={t('sales.fields.quoteType')}>
            <Radio.Group
              optionType="button"
              options={QUOTE_TYPES.map((v) => ({ value: v, label: t(`sales.enums.quoteType.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="houseSizeSqft"
            label={t('sales.fields.houseSizeSqft')}
            rules={[numberRange(NUMBER_RANGES.quoteHouseSizeSqft, 'sales.fields.houseSizeSqft')]}
          >
            <DecimalInput maxLength={12} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="occupants"
            label={t('sales.fields.occupants')}
            rules={[numberRange(NUMBER_RANGES.quoteOccupants, 'sales.fields.occupants')]}
          >
            <DecimalInput maxLength={6} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="housingArea" label={t('sales.fields.housingArea')}>
            <Input maxLength={96} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="jobLocation" label={t('sales.fields.jobLocation')}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="frequency" label={t('sales.fields.frequency')}>
            <Select options={JOB_FREQUENCIES.map((v) => ({ value: v, label: t(`sales.enums.frequency.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="jobNote" label={t('sales.fields.jobNote')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
      <Flex vertical gap={16}>
        <QuoteLinesField
          name="items"
          kinds={['item']}
          priceItems={priceItems}
          title={t('sales.form.itemsTitle')}
          addLabel={t('sales.form.addItem')}
        />
        <QuoteLinesField
          name="extras"
          kinds={['addon', 'fee']}
          priceItems={priceItems}
          title={t('sales.form.extrasTitle')}
          addLabel={t('sales.form.addExtra')}
        />
      </Flex>
    </Card>
  );
}
