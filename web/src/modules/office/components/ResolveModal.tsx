import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardQueueEntry } from '@tidyhouse/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { required } from '@/components/formRules';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { QUEUE_LIST_URL } from './useProcessQueue';

interface Values {
  resolution: 'paid_other' | 'written_off';
  note: string;
}

/** Settles a failed charge: paid another way, or written off with a reason. */
export function ResolveModal({ entry, onClose }: { entry: CardQueueEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const resolution = Form.useWatch('resolution', form);
  const save = useMutation({
    mutationFn: (values: Values) => post('/cardQueue/resolve', { id: entry.id, version: entry.version, ...values }),
    onSuccess: () => {
      showSuccess(t('office.cardQueue.resolved'));
      void client.invalidateQueries({ queryKey: listQueryKey(QUEUE_LIST_URL) });
      onClose();
    },
  });
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
        initialValues={{ resolution: 'paid_other', note: '' }}
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
        <Form.Item
          name="note"
          label={resolution === 'written_off' ? t('office.cardQueue.writeOffReason') : t('office.cardQueue.note')}
          rules={resolution === 'written_off' ? [required('validation.reasonRequired')] : []}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
