import { HOURLY_RATE_MAX_CENTS, PAY_TYPES, PERCENTAGE_RATE_MAX_BPS } from '@tidyhouse/contract';
import { DatePicker, Form, type FormRule, Input, Radio, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { required, ValidationMessage } from '@/components/formRules';
import { useLocale } from '@/lib/i18n';
import { useLaborTypeOptions } from '../api';
import { centsToDollars, DATE_FORMAT, dollarsToCents, type PayRateFormValues } from '../convert';

export const payRateDefaults = (today: Dayjs): PayRateFormValues => ({
  payType: 'hourly',
  rate: '',
  isPaid: true,
  effectiveFrom: today,
  note: '',
});

/** More than 0, at most $500.00 an hour (the contract's guard against a salary typed as hourly), at most 100 %. */
const rateRules = (payType: string | undefined): FormRule[] => [
  required('validation.rateRequired'),
  {
    validator: (_rule, value: string | undefined) =>
      !value || dollarsToCents(value) > 0 ? Promise.resolve() : Promise.reject(new Error('rate')),
    message: <ValidationMessage messageKey="validation.rateRequired" />,
  },
  {
    validator: (_rule, value: string | undefined) =>
      payType !== 'hourly' || dollarsToCents(value) <= HOURLY_RATE_MAX_CENTS
        ? Promise.resolve()
        : Promise.reject(new Error('max')),
    message: <ValidationMessage messageKey="validation.hourlyRateTooHigh" />,
  },
  {
    // A percentage is typed as a number of percent: 40.5 is 4050 basis points, the same arithmetic as cents.
    validator: (_rule, value: string | undefined) =>
      payType !== 'percentage' || dollarsToCents(value) <= PERCENTAGE_RATE_MAX_BPS
        ? Promise.resolve()
        : Promise.reject(new Error('max')),
    message: <ValidationMessage messageKey="validation.percentageTooHigh" />,
  },
];

/**
 * The fields of a pay rate (spec §3): type, rate in dollars, labor type, is paid, effective date,
 * note. Choosing a labor type fills "is paid" and, for an hourly rate not yet typed, its default rate.
 */
export function PayRateFields() {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = Form.useFormInstance<PayRateFormValues>();
  const payType = Form.useWatch('payType', form);
  const laborTypes = useLaborTypeOptions();

  const onLaborType = (id: number | undefined) => {
    const laborType = laborTypes.data?.find((option) => option.id === id);
    if (!laborType) return;
    form.setFieldValue('isPaid', laborType.isPaid);
    const rate = laborType.defaultHourlyRateCents;
    if (rate !== null && form.getFieldValue('payType') === 'hourly' && !form.getFieldValue('rate')) {
      form.setFieldValue('rate', centsToDollars(rate));
    }
  };

  return (
    <>
      <Form.Item name="payType" label={t('employees.pay.payType')} rules={[required('validation.payTypeRequired')]}>
        <Radio.Group
          optionType="button"
          options={PAY_TYPES.map((type) => ({ value: type, label: t(`employees.pay.types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="rate"
        // Labelled "rate", as its message says ('rate is required …'); the unit is the input's suffix.
        label={t('employees.pay.rate')}
        extra={
          payType === 'salary'
            ? t('employees.pay.salaryHint')
            : payType === 'percentage'
              ? t('employees.pay.percentageHint')
              : undefined
        }
        dependencies={['payType']}
        rules={rateRules(payType)}
      >
        <DecimalInput
          prefix={payType === 'percentage' ? undefined : '$'}
          suffix={
            payType === 'percentage'
              ? t('employees.pay.percentOfJob')
              : payType === 'salary'
                ? t('employees.pay.perPeriod')
                : t('employees.pay.perHour')
          }
          style={{ maxWidth: 260 }}
        />
      </Form.Item>
      <Form.Item name="laborTypeId" label={t('employees.pay.laborType')}>
        <Select
          allowClear
          loading={laborTypes.isPending}
          onChange={onLaborType}
          style={{ maxWidth: 280 }}
          options={laborTypes.data?.map((option) => ({
            value: option.id,
            label: locale === 'zh' ? option.nameZh : option.nameEn,
          }))}
        />
      </Form.Item>
      <Form.Item name="isPaid" label={t('employees.pay.isPaid')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="effectiveFrom"
        label={t('employees.pay.effectiveFrom')}
        rules={[required('validation.effectiveDateRequired')]}
      >
        <DatePicker format={DATE_FORMAT} />
      </Form.Item>
      <Form.Item name="note" label={t('employees.pay.note')}>
        <Input maxLength={500} />
      </Form.Item>
    </>
  );
}
