import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARD_PAID_OTHER_METHODS, type CardQueueEntry, formatCents } from '@tidyhouse/contract';
import { Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { QUEUE_LIST_URL } from './useProcessQueue';

type PaidOtherMethod = (typeof CARD_PAID_OTHER_METHODS)[number];

interface Values {
  resolution: 'paid_other' | 'written_off';
  method?: PaidOtherMethod;
  reference?: string;
  note: string;
}

/**
 * Settles a failed charge: paid another way (records the customer payment of the entry's amount:
 * method and reference, a check's number required), or written off with a reason.
 */
export function ResolveModal({ entry, onClose }: { entry: CardQueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const resolution = Form.useWatch('resolution', form);
  const method = Form.useWatch('method', form);
  const save = useMutation({
    mutationFn: ({ resolution, method, reference, note }: Values) =>
      post('/cardQueue/resolve', {
        id: entry.id,
        version: entry.version,
        resolution,
        note,
        ...(resolution === 'paid_other' ? { method, reference: reference ?? '' } : {}),
      }),
    onSuccess: () => {
      showSuccess(t('office.cardQueue.resolved'));
      void client.invalidateQueries({ queryKey: listQueryKey(QUEUE_LIST_URL) });
      // A payment was recorded: the customer's payments and balance read it again.
      void client.invalidateQueries({ queryKey: listQueryKey('/customerPayment/queryList') });
      void client.invalidateQueries({ queryKey: ['customer', 'detail'] });
      onClose();
    },
  });
  const paidOther = resolution !== 'written_off';
  return (
    <ActionModal
      title={t('office.cardQueue.resolveTitle', { serial: entry.serial })}
      onOk={form.submit}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ resolution: 'paid_other', method: 'cash', reference: '', note: '' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="resolution" label={t('office.cardQueue.resolution')}>
          <Radio.Group
            options={[
              { value: 'paid_other', label: t('office.cardQueue.resolutions.paid_other') },
              { value: 'written_off', label: t('office.cardQueue.resolutions.written_off') },
            ]}
          />
        </Form.Item>
        {paidOther && (
          <>
            <Typography.Paragraph type="secondary">
              {t('office.cardQueue.paidOtherNote', { amount: formatCents(entry.amountCents, locale) })}
            </Typography.Paragraph>
            <Form.Item name="method" label={t('office.cardQueue.method')}>
              <Radio.Group
                options={CARD_PAID_OTHER_METHODS.map((value) => ({ value, label: t(`office.cardQueue.methods.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="reference"
              label={method === 'check' ? t('office.cardQueue.checkNumber') : t('office.cardQueue.reference')}
              rules={method === 'check' ? [required('validation.checkNumberRequired')] : []}
            >
              <Input maxLength={32} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="note"
          label={paidOther ? t('office.cardQueue.note') : t('office.cardQueue.writeOffReason')}
          rules={paidOther ? [] : [required('validation.reasonRequired')]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
