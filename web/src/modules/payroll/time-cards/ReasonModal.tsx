import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';

/** Asks for the reason of a change that is logged (removing a punch, reopening a period). */
export function ReasonModal({
  title,
  okText,
  saving,
  onSubmit,
  onClose,
}: {
  title: ReactNode;
  okText: ReactNode;
  saving: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ActionModal title={title} okText={okText} saving={saving} danger onOk={() => form.submit()} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('payroll.timeCard.punch.reason')}
          rules={[{ required: true, whitespace: true, message: t('payroll.timeCard.punch.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} aria-label={t('payroll.timeCard.punch.reason')} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
