import {
  NUMBER_RANGES,
  PRICE_ITEM_KIND_TITLES,
  PRICE_ITEM_KINDS,
  type PriceItemAddRequest,
  type PriceItemDetail,
  type PriceItemKind,
  type PriceItemModifyRequest,
  parseMoneyToCents,
  UNIT_PRICE_CENTS_MAX,
} from '@tidyhouse/contract';
import { Col, DatePicker, Divider, Form, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { FormModal } from '@/components/FormModal';
import { numberRange, required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { BilingualNameFields } from './BilingualNameFields';
import { centsRule, requiredText, requiredValue } from './rules';
import { useBusinessToday, useTitle } from './shared';

export const PRICE_LIST_URL = '/servicePrice/queryList';
export const priceDetailKey = (id: number) => ['servicePrice', 'detail', id] as const;

interface PriceItemValues {
  kind: PriceItemKind;
  nameEn: string;
  nameZh: string;
  taxable: boolean;
  active: boolean;
  sortOrder: number;
  /** Only when adding: the first rate. */
  effectiveFrom?: Dayjs;
  inHomeMinutes?: number;
  unitPrice?: string;
}

const toValues = (item: PriceItemDetail): PriceItemValues => ({
  kind: item.kind,
  nameEn: item.nameEn,
  nameZh: item.nameZh,
  taxable: item.taxable,
  active: item.active,
  sortOrder: item.sortOrder,
});

const itemFields = (v: PriceItemValues) => ({
  kind: v.kind,
  nameEn: v.nameEn.trim(),
  nameZh: v.nameZh.trim(),
  taxable: v.taxable,
  active: v.active,
  sortOrder: v.sortOrder ?? 0,
});

/** A day before today (business time zone) cannot take a price: rates in the past never change. */
export const beforeToday = (today: string | undefined) => (day: Dayjs) => today !== undefined && day.format('YYYY-MM-DD') < today;

/** In-home minutes and the unit price of a rate (add entry, change price from a date). */
export function RateFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="inHomeMinutes"
          label={t('system.prices.minutes')}
          rules={[
            ...requiredValue('system.prices.minutes'),
            numberRange(NUMBER_RANGES.priceItemMinutes, 'system.prices.minutes'),
          ]}
        >
          <InputNumber suffix={t('system.prices.min')} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="unitPrice"
          label={t('system.prices.unitPrice')}
          rules={[...requiredText('system.prices.unitPrice'), centsRule(0, UNIT_PRICE_CENTS_MAX)]}
        >
          <DecimalInput prefix="$" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Add an entry (with its first rate) or edit the fields of one that are not dated (`id` absent: add). */
export function PriceItemModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const title = useTitle();
  const today = useBusinessToday();
  const recordForm = useRecordForm<PriceItemValues, PriceItemDetail>({
    load: id
      ? { queryKey: priceDetailKey(id), queryFn: () => post<PriceItemDetail>('/servicePrice/detail', { id }), toValues }
      : undefined,
    submit: (values, record) =>
      record
        ? post<PriceItemDetail>('/servicePrice/modify', {
            id: record.id,
            version: record.version,
            ...itemFields(values),
          } satisfies PriceItemModifyRequest)
        : post<PriceItemDetail>('/servicePrice/add', {
            ...itemFields(values),
            effectiveFrom: values.effectiveFrom?.format('YYYY-MM-DD') ?? today,
            inHomeMinutes: values.inHomeMinutes ?? 0,
            unitPriceCents: parseMoneyToCents(values.unitPrice ?? '') ?? 0,
          } satisfies PriceItemAddRequest),
    invalidates: [listQueryKey(PRICE_LIST_URL), ...(id ? [priceDetailKey(id)] : [])],
    onSaved: onClose,
    reloadAfterSave: false,
  });

  return (
    <FormModal
      title={t(id ? 'system.prices.editTitle' : 'system.prices.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      width={640}
      initialValues={{
        kind: 'item',
        taxable: false,
        active: true,
        sortOrder: 0,
        effectiveFrom: dayjs(today),
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="kind" label={t('system.prices.kind')} rules={requiredText('system.prices.kind')}>
            <Select options={PRICE_ITEM_KINDS.map((kind) => ({ value: kind, label: title(PRICE_ITEM_KIND_TITLES[kind]) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="sortOrder"
            label={t('system.common.sortOrder')}
            rules={[numberRange(NUMBER_RANGES.sortOrder, 'system.common.sortOrder')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <BilingualNameFields maxLength={96} />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="taxable" label={t('system.prices.taxable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="active" label={t('system.common.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {id ? null : (
        <>
          <Divider titlePlacement="start">{t('system.prices.firstRate')}</Divider>
          <Form.Item
            name="effectiveFrom"
            label={t('system.prices.effectiveFrom')}
            rules={[required('validation.effectiveDateRequired', { whitespace: false })]}
          >
            <DatePicker disabledDate={beforeToday(today)} style={{ width: '100%' }} />
          </Form.Item>
          <RateFields />
        </>
      )}
    </FormModal>
  );
}
