import { SERVICE_FREQUENCIES } from '@tidyhouse/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { refOptions, useServiceOptions } from './shared';

/** The search fields the job, plan and task lists share, each with its accessible name. */

export function KeywordFilter({ label, width = 280 }: { label: string; width?: number }) {
  return (
    <Form.Item name="keyword">
      <Input allowClear placeholder={label} aria-label={label} style={{ width }} />
    </Form.Item>
  );
}

/** One choice (or several with `multiple`) among fixed values, named by `label`, empty meaning any. */
export function SelectFilter<V extends string | number>({
  name,
  label,
  anyText,
  options,
  width = 150,
  multiple = false,
}: {
  name: string;
  label: string;
  anyText: string;
  options: { value: V; label: string }[];
  width?: number;
  multiple?: boolean;
}) {
  return (
    <Form.Item name={name}>
      <Select
        mode={multiple ? 'multiple' : undefined}
        allowClear
        placeholder={anyText}
        aria-label={label}
        style={multiple ? { minWidth: width } : { width }}
        options={options}
      />
    </Form.Item>
  );
}

export function FrequencyFilter({ width = 160 }: { width?: number }) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      name="frequency"
      label={t('service.jobs.frequency')}
      anyText={t('service.jobs.anyFrequency')}
      width={width}
      options={SERVICE_FREQUENCIES.map((f) => ({ value: f, label: t(`service.enums.frequency.${f}`) }))}
    />
  );
}

/** The team filter; `withNoTeam` adds "No team" (value 0) for jobs not yet given a team. */
export function TeamFilter({ withNoTeam = false }: { withNoTeam?: boolean }) {
  const { t } = useTranslation();
  const options = useServiceOptions();
  const teams = refOptions(options.data?.teams);
  return (
    <SelectFilter
      name="teamId"
      label={t('service.jobs.team')}
      anyText={t('service.jobs.anyTeam')}
      options={withNoTeam ? [{ value: 0, label: t('service.jobs.noTeam') }, ...teams] : teams}
    />
  );
}
