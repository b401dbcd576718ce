import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MIN_EMPLOYEES_RANGE,
  MINIMUM_WAGE_SCOPES,
  type MinimumWage,
  type MinimumWageScope,
  NUMBER_RANGES,
} from '@tidyhouse/contract';
import {
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { dollarsToCents } from '@/modules/employees/convert';
import { useMinimumWages, WAGE_PATHS, wageKeys } from './api';
import { useWageFormat } from './format';

interface AddValues {
  scope: MinimumWageScope;
  jurisdiction?: string;
  places?: string[];
  minEmployees?: number | null;
  effectiveFrom: Dayjs;
  rate: string;
}

/**
 * The minimum wage of each jurisdiction by date (issue 24): the state's, a city's, or a county's
 * unincorporated area (the places it covers), optionally from an employer size on.
 */
export function MinimumWagesSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const minimumWages = useMinimumWages();
  const format = useWageFormat();
  const [form] = Form.useForm<AddValues>();
  const scope = Form.useWatch('scope', form) ?? 'state';

  const addWage = useMutation({
    mutationFn: (values: AddValues) =>
      post(WAGE_PATHS.addMinimumWage, {
        scope: values.scope,
        ...(values.scope !== 'state' ? { jurisdiction: values.jurisdiction } : {}),
        ...(values.scope === 'county' ? { places: values.places ?? [] } : {}),
        minEmployees: values.minEmployees ?? 0,
        effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD'),
        centsPerHour: dollarsToCents(values.rate),
      }),
    onSuccess: () => {
      showSuccess(t('payroll.wages.minimumWageSaved'));
      form.resetFields();
    },
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });
  const removeWage = useMutation({
    mutationFn: (id: number) => post(WAGE_PATHS.removeMinimumWage, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });

  const columns: TableColumnsType<MinimumWage> = [
    {
      key: 'jurisdiction',
      title: t('payroll.wages.jurisdiction'),
      render: (_, row) => (
        <Flex vertical>
          <span>
            {row.jurisdiction} <Tag>{t(`payroll.wages.scopes.${row.scope}`)}</Tag>
          </span>
          {row.places.length > 0 && <Typography.Text type="secondary">{row.places.join(', ')}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'tier',
      title: t('payroll.wages.minEmployees'),
      render: (_, row) =>
        row.minEmployees > 0
          ? t('payroll.wages.employeesAtLeast', { count: row.minEmployees })
          : t('payroll.wages.everyEmployer'),
    },
    { key: 'from', title: t('payroll.wages.effectiveFrom'), dataIndex: 'effectiveFrom' },
    {
      key: 'rate',
      title: t('payroll.wages.minimumWage'),
      align: 'right',
      render: (_, row) => t('payroll.wages.perHourValue', { money: format.money(row.centsPerHour) }),
    },
    {
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Popconfirm title={t('payroll.wages.removeMinimumWageConfirm')} onConfirm={() => removeWage.mutate(row.id)}>
          <Button size="small" danger>
            {t('payroll.wages.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('payroll.wages.minimumWageHint')}</Typography.Paragraph>
      {minimumWages.isError && <LoadFailed onRetry={() => void minimumWages.refetch()} />}
      <Table<MinimumWage>
        size="small"
        pagination={false}
        scroll={{ y: 260 }}
        rowKey="id"
        loading={minimumWages.isPending}
        columns={columns}
        dataSource={minimumWages.data ?? []}
        data-testid="minimum-wages"
      />
      <Form<AddValues>
        form={form}
        layout="vertical"
        style={{ marginTop: 12 }}
        initialValues={{ scope: 'state' }}
        onFinish={(values) => addWage.mutate(values)}
      >
        <Flex gap={8} wrap align="end">
          <Form.Item name="scope" label={t('payroll.wages.scope')} rules={[required('validation.jurisdictionScopeRequired')]}>
            <Select
              style={{ width: 200 }}
              options={MINIMUM_WAGE_SCOPES.map((s) => ({ value: s, label: t(`payroll.wages.scopes.${s}`) }))}
            />
          </Form.Item>
          {scope !== 'state' && (
            <Form.Item
              name="jurisdiction"
              label={t('payroll.wages.jurisdiction')}
              rules={[required('validation.jurisdictionRequired')]}
            >
              <Input maxLength={80} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item
            name="minEmployees"
            label={t('payroll.wages.minEmployees')}
            rules={[numberRange(MIN_EMPLOYEES_RANGE, 'payroll.wages.minEmployees')]}
          >
            <InputNumber placeholder={t('payroll.wages.everyEmployer')} style={{ width: 140 }} />
          </Form.Item>
        </Flex>
        {scope === 'county' && (
          <Form.Item
            name="places"
            label={t('payroll.wages.places')}
            extra={t('payroll.wages.placesHint')}
            rules={[required('validation.placeRequired')]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',']} />
          </Form.Item>
        )}
        <Flex gap={8} wrap align="end">
          <Form.Item
            name="effectiveFrom"
            label={t('payroll.wages.effectiveFrom')}
            rules={[required('validation.effectiveDateRequired')]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="rate"
            label={t('payroll.wages.minimumWage')}
            rules={[
              required('validation.minimumWageRequired'),
              numberRange(NUMBER_RANGES.minimumWageCents, 'payroll.wages.minimumWage'),
            ]}
          >
            <DecimalInput prefix="$" suffix={t('payroll.wages.perHour')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={addWage.isPending}>
              {t('payroll.wages.addMinimumWage')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
    </>
  );
}
