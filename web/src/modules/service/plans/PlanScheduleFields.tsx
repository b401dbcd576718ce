import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { NUMBER_RANGES, type PricedItem } from '@tidyhouse/contract';
import { Button, Col, DatePicker, Flex, Form, InputNumber, Row, Select, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { RecurrenceFields } from '../recurrence';
import { refOptions, useBusinessClock, useServiceOptions } from '../shared';

/** The price list of a day, for default lines (each job prices them again on its own date). */
export function usePriceList(date: string | undefined) {
  return useQuery({
    queryKey: ['servicePrice', 'priceOn', date],
    queryFn: () => post<PricedItem[]>('/servicePrice/priceOn', { date }),
    enabled: date !== undefined,
    staleTime: 60_000,
  });
}

/** Frequency, price, minutes, preferred team and window, end date and default lines of a plan. */
export function PlanScheduleFields() {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = useServiceOptions();
  const today = useBusinessClock().data?.today;
  const prices = usePriceList(today);
  const priceOptions = (prices.data ?? []).map((p) => ({ value: p.id, label: locale === 'zh' ? p.nameZh : p.nameEn }));
  const third = { xs: 24, md: 8 };
  return (
    <>
      <RecurrenceFields />
      <Row gutter={16}>
        <Col {...third}>
          <Form.Item
            name="servicePrice"
            label={t('service.plans.servicePrice')}
            rules={[required('rule.required'), numberRange(NUMBER_RANGES.planServicePriceCents, 'service.plans.servicePrice')]}
          >
            <DecimalInput prefix="$" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="budgetMinutes"
            label={t('service.plans.budgetMinutes')}
            extra={t('service.plans.budgetHint')}
            rules={[required('rule.required'), numberRange(NUMBER_RANGES.planBudgetMinutes, 'service.plans.budgetMinutes')]}
          >
            <InputNumber step={15} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item
            name="durationMinutes"
            label={t('service.plans.durationMinutes')}
            extra={t('service.plans.durationHint')}
            rules={[numberRange(NUMBER_RANGES.planDurationMinutes, 'service.plans.durationMinutes')]}
          >
            <InputNumber step={15} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="preferredTeamId" label={t('service.plans.preferredTeam')}>
            <Select allowClear options={refOptions(options.data?.teams)} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item label={t('service.plans.window')} extra={t('service.common.localTime')}>
            <Flex gap={8}>
              <Form.Item name="windowStart" noStyle>
                <TimePicker format="HH:mm" minuteStep={15} needConfirm={false} aria-label={t('service.job.windowStart')} />
              </Form.Item>
              <Form.Item name="windowEnd" noStyle>
                <TimePicker format="HH:mm" minuteStep={15} needConfirm={false} aria-label={t('service.job.windowEnd')} />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="endDate" label={t('service.plans.endDate')} extra={t('service.tasks.endDateHint')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t('service.plans.lines')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('service.plans.linesHint')}
      </Typography.Paragraph>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} data-testid="plan-lines">
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="center">
                <Form.Item name={[field.name, 'priceItemId']} noStyle rules={[required('rule.required')]}>
                  <Select
                    style={{ width: 280 }}
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={prices.isPending}
                    options={priceOptions}
                    aria-label={`${t('service.pricing.item')} ${field.name + 1}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'quantity']}
                  rules={[numberRange(NUMBER_RANGES.planLineQuantity, 'service.pricing.quantity')]}
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber style={{ width: 90 }} aria-label={`${t('service.pricing.quantity')} ${field.name + 1}`} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('service.pricing.removeLine')}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ quantity: 1 })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('service.pricing.addLine')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
