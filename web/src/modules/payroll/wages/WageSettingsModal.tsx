import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEE_COUNT_RANGE, PAY_PERIOD_KINDS, type PayrollSettings, PERCENT_SPLITS } from '@tidyhouse/contract';
import { DatePicker, Divider, Form, InputNumber, Modal, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { numberRange, required } from '@/components/formRules';
import { LoadFailed } from '@/components/LoadFailed';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { usePayrollSettings, WAGE_PATHS, wageKeys } from './api';
import { MinimumWagesSection } from './MinimumWagesSection';
import { SickLeaveMethodSection } from './SickLeaveMethodSection';

interface SettingsValues {
  periodKind: PayrollSettings['periodKind'];
  anchorDate: Dayjs;
  percentSplit: PayrollSettings['percentSplit'];
  employeeCount: number;
}

/** Payroll settings (pay period, percentage split, employee count) and the minimum wages by jurisdiction. */
export function WageSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = usePayrollSettings();
  const [form] = Form.useForm<SettingsValues>();

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
      width={820}
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
          <Form.Item
            name="employeeCount"
            label={t('payroll.wages.employeeCount')}
            extra={t('payroll.wages.employeeCountHint')}
            rules={[required('validation.employeeCountRange'), numberRange(EMPLOYEE_COUNT_RANGE, 'payroll.wages.employeeCount')]}
          >
            <InputNumber style={{ width: 140 }} />
          </Form.Item>
        </Form>
      )}
      <Divider titlePlacement="start">{t('payroll.wages.sickLeave.title')}</Divider>
      <SickLeaveMethodSection />
      <Divider titlePlacement="start">{t('payroll.wages.minimumWages')}</Divider>
      <MinimumWagesSection />
    </Modal>
  );
}
