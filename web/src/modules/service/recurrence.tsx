import { NUMBER_RANGES, PLAN_FREQUENCIES, type PlanFrequency } from '@tidyhouse/contract';
import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRange, required } from '@/components/formRules';
import { useLocale } from '@/lib/i18n';
import { recurrenceInWords } from './recurrenceWords';

/** Values a plan or task form holds for its recurrence. */
export interface RecurrenceValues {
  frequency: PlanFrequency;
  intervalWeeks?: number | null;
}

/** The interval sent: only a custom frequency carries one. */
export const intervalOf = ({ frequency, intervalWeeks }: RecurrenceValues): number | null =>
  frequency === 'custom' ? (intervalWeeks ?? null) : null;

/**
 * How a stored pattern reads ("Every 2 weeks on Tuesday", "每两周的周二"): the plan's or task's RRULE
 * in the screen's language (recurrenceWords.ts: rrule's own English, our Chinese).
 */
export function useRecurrenceText() {
  const locale = useLocale();
  return (rrule: string): string => recurrenceInWords(rrule, locale);
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
