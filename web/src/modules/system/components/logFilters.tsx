import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The date range filter of both logs: business dates, both ends included. */
export type DateRange = [Dayjs | null, Dayjs | null] | null | undefined;

export function dateRangeRequest(range: DateRange): { dateFrom?: string; dateTo?: string } {
  return {
    dateFrom: range?.[0]?.format('YYYY-MM-DD'),
    dateTo: range?.[1]?.format('YYYY-MM-DD'),
  };
}

export function DateRangeField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="range" label={t('system.logs.dateRange')}>
      <DatePicker.RangePicker allowEmpty={[true, true]} />
    </Form.Item>
  );
}
