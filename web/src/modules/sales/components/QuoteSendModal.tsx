import { useMutation } from '@tanstack/react-query';
import type { QuoteSendRequest, QuoteSendResponse } from '@tidyhouse/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

export interface QuoteToSend {
  id: number;
  reference: string;
  email: string;
}

/** Sends the quote PDF by e-mail; the recipient starts as the quote's e-mail address. */
export function QuoteSendModal({ quote, onClose }: { quote: QuoteToSend | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ to: string; note: string }>();
  const send = useMutation({
    mutationFn: (body: QuoteSendRequest) => post<QuoteSendResponse>('/quote/send', body),
    onSuccess: (data) => {
      showSuccess(t('sales.send.sent', { reference: quote?.reference, to: data.to }));
      onClose();
    },
  });
  return (
    <Modal
      open={quote !== null}
      title={t('sales.send.title', { reference: quote?.reference ?? '' })}
      okText={t('sales.send.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
      destroyOnHidden
    >
      {quote ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ to: quote.email, note: '' }}
          onFinish={(values) => send.mutate({ id: quote.id, to: values.to.trim(), note: values.note?.trim() ?? '' })}
        >
          <Form.Item
            name="to"
            label={t('sales.send.to')}
            rules={[
              { required: true, message: t('sales.send.toRequired') },
              { type: 'email', message: t('sales.send.toInvalid') },
            ]}
          >
            <Input maxLength={160} data-testid="quote-send-to" />
          </Form.Item>
          <Form.Item name="note" label={t('sales.send.note')} extra={t('sales.send.noteHelp')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
