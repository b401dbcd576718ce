import { NUMBER_RANGES, nthWeekdayOfMonth, PLAN_FREQUENCIES, type PlanFrequency, weekdayOf } from '@tidyhouse/contract';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRange, required } from '@/components/formRules';

/** Values a plan or task form holds for its recurrence. */
export interface RecurrenceValues {
  frequency: PlanFrequency;
  intervalWeeks?: number | null;
}

/** The interval sent: only a custom frequency carries one. */
export const intervalOf = ({ frequency, intervalWeeks }: RecurrenceValues): number | null =>
  frequency === 'custom' ? (intervalWeeks ?? null) : null;

/**
 * How a pattern reads ("Every 2 weeks on Tuesday", "Monthly on the 2nd Tuesday"), from the same
 * contract rules the server's RRULE uses (weekday and nth weekday of the first visit).
 */
export function useRecurrenceText() {
  const { t } = useTranslation();
  return (frequency: PlanFrequency, intervalWeeks: number | null | undefined, startDate: string | null | undefined): string => {
    const name = t(`service.enums.frequency.${frequency}`);
    if (!startDate || frequency === 'one_time') return name;
    const weekday = t(`service.recurrence.weekdays.${weekdayOf(startDate) as 0 | 1 | 2 | 3 | 4 | 5 | 6}`);
    if (frequency === 'monthly') {
      const nth = nthWeekdayOfMonth(startDate);
      return t('service.recurrence.monthlyOn', { nth: t(`service.recurrence.nth.${nth === -1 ? 'last' : nth}`), weekday });
    }
    if (frequency === 'custom') return t('service.recurrence.everyWeeksOn', { count: intervalWeeks ?? 1, weekday });
    return t('service.recurrence.on', { frequency: name, weekday });
  };
}

/** Frequency select, and the weeks of a custom interval when that is chosen. */
export function RecurrenceFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const frequency = Form.useWatch('frequency', form) as PlanFrequency | undefined;
  return (
    <>
      <Form.Item
        name="frequency"
        label={t('service.recurrence.frequency')}
        rules={[required('rule.required')]}
        extra={t('service.recurrence.hint')}
      >
        <Select
          data-testid="frequency-select"
          options={PLAN_FREQUENCIES.map((f) => ({ value: f, label: t(`service.enums.frequency.${f}`) }))}
        />
      </Form.Item>
      {frequency === 'custom' ? (
        <Form.Item
          name="intervalWeeks"
          label={t('service.recurrence.intervalWeeks')}
          rules={[
            required('validation.intervalWeeksRequired'),
            numberRange(NUMBER_RANGES.intervalWeeks, 'service.recurrence.intervalWeeks'),
          ]}
        >
          <InputNumber style={{ width: 120 }} />
        </Form.Item>
      ) : null}
    </>
  );
}
