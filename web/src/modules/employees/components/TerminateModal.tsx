import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { invalidateEmployee, useBusinessToday } from '../api';
import { DATE_FORMAT, fromDay, toDay } from '../convert';

export interface TerminateTarget {
  id: number;
  name: string;
  version: number;
  hireDate: string | null;
}

interface Values {
  terminatedOn?: Dayjs | null;
  reason?: string;
}

/** Terminate an employee: the date terminated (not before the hire date) and a reason. */
export function TerminateModal({ employee, onClose }: { employee: TerminateTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const today = useBusinessToday();
  const terminate = useMutation({
    mutationFn: (values: Values) =>
      post('/sysUser/terminate', {
        id: employee.id,
        version: employee.version,
        terminatedOn: fromDay(values.terminatedOn) ?? '',
        reason: values.reason?.trim() ?? '',
      }),
    onSuccess: () => {
      showSuccess(t('employees.terminate.done', { name: employee.name }));
      onClose();
    },
    onSettled: () => invalidateEmployee(queryClient, employee.id),
  });
  const hireDate = toDay(employee.hireDate);

  return (
    <ActionModal
      title={t('employees.terminate.title', { name: employee.name })}
      okText={t('employees.actions.terminate')}
      onOk={form.submit}
      onClose={onClose}
      saving={terminate.isPending}
    >
      <Typography.Paragraph type="secondary">{t('employees.terminate.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ terminatedOn: today, reason: '' }}
        onFinish={(values) => terminate.mutate(values)}
      >
        <Form.Item
          name="terminatedOn"
          label={t('employees.fields.terminatedOn')}
          rules={[required('validation.terminatedOnRequired')]}
        >
          <DatePicker
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            disabledDate={hireDate ? (day) => day.isBefore(hireDate, 'day') : undefined}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('employees.fields.terminationReason')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
