import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayRateAddBatchResponse } from '@tidyhouse/contract';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { URLS, useBusinessToday } from '../api';
import { type PayRateFormValues, payRateRequest } from '../convert';
import { PayRateFields, payRateDefaults } from './PayRateFields';

export interface PayRateModalProps {
  /** The employees who get the rate: one (the Pay rate tab) or the selected rows of the list. */
  employees: { id: number; name: string }[];
  onClose: () => void;
  onSaved?: () => void;
}

/** A rate for one or many employees from a date (`/sysUserPay/addBatch`: all or nothing). */
export function PayRateModal({ employees, onClose, onSaved }: PayRateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PayRateFormValues>();
  const queryClient = useQueryClient();
  const today = useBusinessToday();
  const add = useMutation({
    mutationFn: (values: PayRateFormValues) =>
      post<PayRateAddBatchResponse>(
        '/sysUserPay/addBatch',
        payRateRequest(
          employees.map((employee) => employee.id),
          values,
        ),
      ),
    onSuccess: ({ added, corrected }) => {
      // A rate dated on an employee's latest rate day replaces it: say so, not "added".
      const said = [
        added > 0 ? t('employees.pay.added', { count: added }) : '',
        corrected > 0 ? t('employees.pay.sameDayCorrected', { count: corrected }) : '',
      ];
      showSuccess(said.filter(Boolean).join(' '));
      void queryClient.invalidateQueries({ queryKey: listQueryKey(URLS.payList) });
      void queryClient.invalidateQueries({ queryKey: ['employees', 'currentPay'] });
      onSaved?.();
      onClose();
    },
  });
  const single = employees.length === 1 ? employees[0] : undefined;

  return (
    <ActionModal
      title={
        single ? t('employees.pay.addTitle', { name: single.name }) : t('employees.pay.batchTitle', { count: employees.length })
      }
      onOk={form.submit}
      onClose={onClose}
      saving={add.isPending}
      width={560}
    >
      {single ? null : (
        <Typography.Paragraph type="secondary" data-testid="pay-batch-names">
          {employees.map((employee) => employee.name).join(', ')}
        </Typography.Paragraph>
      )}
      <Form<PayRateFormValues>
        form={form}
        layout="vertical"
        initialValues={payRateDefaults(today)}
        onFinish={(values) => add.mutate(values)}
      >
        <PayRateFields />
      </Form>
    </ActionModal>
  );
}
