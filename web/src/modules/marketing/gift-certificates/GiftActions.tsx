import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCents, type GiftCertificate } from '@tidyhouse/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { GIFT_LIST_URL } from './GiftCertificateModal';

/** A change of a certificate's state from its drawer: reloads the list and the drawer after. */
function useGiftAction(url: string, done: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => post<GiftCertificate>(url, body),
    onSuccess: () => {
      showSuccess(done);
      onClose();
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(GIFT_LIST_URL) }),
        queryClient.invalidateQueries({ queryKey: ['giftCertificate'] }),
      ]);
    },
  });
}

/** Void: the spec's question, and a reason (required) for the record. */
export function GiftVoidModal({ certificate, onClose }: { certificate: GiftCertificate; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const action = useGiftAction('/giftCertificate/void', t('marketing.gift.voided'), onClose);
  return (
    <ActionModal
      title={t('marketing.gift.void')}
      onOk={() => form.submit()}
      onClose={onClose}
      saving={action.isPending}
      okText={t('marketing.gift.void')}
      danger
    >
      <Typography.Paragraph strong>{t('marketing.gift.voidConfirm')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => action.mutate({ id: certificate.id, version: certificate.version, reason: values.reason.trim() })}
      >
        <Form.Item name="reason" label={t('marketing.gift.voidReason')} rules={[required('validation.reasonRequired')]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

/** Civil Code 1749.5: pay out a balance under $10 in cash and record it. */
export function GiftCashRefundModal({ certificate, onClose }: { certificate: GiftCertificate; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = formatCents(certificate.balanceCents, locale);
  const [form] = Form.useForm<{ note?: string }>();
  const action = useGiftAction('/giftCertificate/cashRefund', t('marketing.gift.cashRefunded'), onClose);
  return (
    <ActionModal
      title={t('marketing.gift.cashRefundTitle', { amount })}
      onOk={() => form.submit()}
      onClose={onClose}
      saving={action.isPending}
      okText={t('marketing.gift.cashRefund')}
    >
      <Typography.Paragraph>{t('marketing.gift.cashRefundText', { amount })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          action.mutate({ id: certificate.id, version: certificate.version, note: values.note?.trim() ?? '' })
        }
      >
        <Form.Item name="note" label={t('marketing.gift.cashRefundNote')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
