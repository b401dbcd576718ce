import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MinimumWage, NUMBER_RANGES, PAY_PERIOD_KINDS, type PayrollSettings, PERCENT_SPLITS } from '@tidyhouse/contract';
import { Button, DatePicker, Divider, Flex, Form, Modal, Popconfirm, Radio, Skeleton, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/DecimalInput';
import { numberRange, required } from '@/components/formRules';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { dollarsToCents } from '@/modules/employees/convert';
import { useMinimumWages, usePayrollSettings, WAGE_PATHS, wageKeys } from './api';
import { useWageFormat } from './format';
import { SickLeaveMethodSection } from './SickLeaveMethodSection';

interface SettingsValues {
  periodKind: PayrollSettings['periodKind'];
  anchorDate: Dayjs;
  percentSplit: PayrollSettings['percentSplit'];
}

/** Payroll settings (pay period, percentage split) and the minimum wage by date. */
export function WageSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = usePayrollSettings();
  const minimumWages = useMinimumWages();
  const format = useWageFormat();
  const [form] = Form.useForm<SettingsValues>();
  const [wageForm] = Form.useForm<{ effectiveFrom: Dayjs; rate: string }>();

  const save = useMutation({
    mutationFn: (values: SettingsValues) =>
      post<PayrollSettings>(WAGE_PATHS.updateSettings, {
        ...values,
        anchorDate: values.anchorDate.format('YYYY-MM-DD'),
        version: settings.data!.version,
      }),
    onSuccess: () => {
      showSuccess(t('payroll.wages.settingsSaved'));
      onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });
  const addWage = useMutation({
    mutationFn: (values: { effectiveFrom: Dayjs; rate: string }) =>
      post(WAGE_PATHS.addMinimumWage, {
        effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD'),
        centsPerHour: dollarsToCents(values.rate),
      }),
    onSuccess: () => {
      showSuccess(t('payroll.wages.minimumWageSaved'));
      wageForm.resetFields();
    },
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });
  const removeWage = useMutation({
    mutationFn: (id: number) => post(WAGE_PATHS.removeMinimumWage, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: wageKeys.all }),
  });

  const columns: TableColumnsType<MinimumWage> = [
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
    <Modal
      open={open}
      title={t('payroll.wages.settingsTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('payroll.wages.save')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !settings.data }}
      destroyOnHidden
      width={640}
    >
      {settings.isPending && <Skeleton active />}
      {settings.isError && <LoadFailed onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <Form<SettingsValues>
          form={form}
          layout="vertical"
          initialValues={{ ...settings.data, anchorDate: dayjs(settings.data.anchorDate) }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item name="periodKind" label={t('payroll.wages.periodKind')} rules={[required('validation.periodKindRequired')]}>
            <Radio.Group
              optionType="button"
              options={PAY_PERIOD_KINDS.map((k) => ({ value: k, label: t(`payroll.wages.periodKinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="anchorDate"
            label={t('payroll.wages.anchorDate')}
            extra={t('payroll.wages.anchorHint')}
            rules={[required('validation.anchorDateRequired')]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="percentSplit"
            label={t('payroll.wages.percentSplit')}
            rules={[required('validation.percentSplitRequired')]}
          >
            <Radio.Group options={PERCENT_SPLITS.map((k) => ({ value: k, label: t(`payroll.wages.percentSplits.${k}`) }))} />
          </Form.Item>
        </Form>
      )}
      <Divider titlePlacement="start">{t('payroll.wages.sickLeave.title')}</Divider>
      <SickLeaveMethodSection />
      <Divider titlePlacement="start">{t('payroll.wages.minimumWages')}</Divider>
      {minimumWages.isError && <LoadFailed onRetry={() => void minimumWages.refetch()} />}
      <Table<MinimumWage>
        size="small"
        pagination={false}
        rowKey="id"
        loading={minimumWages.isPending}
        columns={columns}
        dataSource={minimumWages.data ?? []}
      />
      <Form form={wageForm} layout="inline" style={{ marginTop: 12 }} onFinish={(values) => addWage.mutate(values)}>
        <Flex gap={8} wrap>
          <Form.Item name="effectiveFrom" rules={[required('validation.effectiveDateRequired')]}>
            <DatePicker placeholder={t('payroll.wages.effectiveFrom')} />
          </Form.Item>
          <Form.Item
            name="rate"
            rules={[
              required('validation.minimumWageRequired'),
              numberRange(NUMBER_RANGES.minimumWageCents, 'payroll.wages.minimumWage'),
            ]}
          >
            <DecimalInput prefix="$" suffix={t('payroll.wages.perHour')} style={{ width: 180 }} />
          </Form.Item>
          <Button htmlType="submit" loading={addWage.isPending}>
            {t('payroll.wages.addMinimumWage')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
