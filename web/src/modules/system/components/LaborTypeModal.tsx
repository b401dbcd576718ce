import {
  centsToDecimalText,
  HOURLY_RATE_CENTS_MAX,
  type LaborType,
  type LaborTypeAddRequest,
  type LaborTypeModifyRequest,
  NUMBER_RANGES,
  parseMoneyToCents,
} from '@tidyhouse/contract';
import { Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { FormModal } from '@/components/FormModal';
import { numberRange } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { BilingualNameFields } from './BilingualNameFields';
import { centsRule, requiredText } from './rules';

export const LABOR_LIST_URL = '/laborType/queryList';

interface LaborTypeValues {
  nameEn: string;
  nameZh: string;
  /** Dollars with two decimals, as DecimalInput keeps them. */
  rate: string;
  isPaid: boolean;
  countsAsInHome: boolean;
  active: boolean;
  sortOrder: number;
}

const toValues = (row: LaborType): LaborTypeValues => ({
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  rate: centsToDecimalText(row.defaultHourlyRateCents),
  isPaid: row.isPaid,
  countsAsInHome: row.countsAsInHome,
  active: row.active,
  sortOrder: row.sortOrder,
});

const toRequest = ({ rate, ...values }: LaborTypeValues): LaborTypeAddRequest => ({
  ...values,
  nameEn: values.nameEn.trim(),
  nameZh: values.nameZh.trim(),
  defaultHourlyRateCents: parseMoneyToCents(rate) ?? 0,
  sortOrder: values.sortOrder ?? 0,
});

/** Add or edit a labor type (`id` absent: add). */
export function LaborTypeModal({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const recordForm = useRecordForm<LaborTypeValues, LaborType>({
    load: id
      ? { queryKey: ['laborType', 'detail', id], queryFn: () => post<LaborType>('/laborType/detail', { id }), toValues }
      : undefined,
    submit: (values, record) =>
      record
        ? post<LaborType>('/laborType/modify', {
            id: record.id,
            version: record.version,
            ...toRequest(values),
          } satisfies LaborTypeModifyRequest)
        : post<LaborType>('/laborType/add', toRequest(values)),
    invalidates: [listQueryKey(LABOR_LIST_URL), ['laborType', 'options']],
    onSaved: onClose,
    reloadAfterSave: false,
  });

  return (
    <FormModal
      title={t(id ? 'system.labor.editTitle' : 'system.labor.addTitle')}
      recordForm={recordForm}
      onClose={onClose}
      initialValues={{ isPaid: true, countsAsInHome: false, active: true, sortOrder: 0 }}
    >
      <BilingualNameFields maxLength={64} />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="rate"
            label={t('system.labor.rate')}
            extra={t('system.labor.rateHelp')}
            rules={[...requiredText('system.labor.rate'), centsRule(0, HOURLY_RATE_CENTS_MAX)]}
          >
            <DecimalInput prefix="$" suffix={t('system.labor.perHour')} />
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
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="isPaid" label={t('system.labor.isPaid')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="countsAsInHome" label={t('system.labor.countsAsInHome')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="active" label={t('system.common.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
