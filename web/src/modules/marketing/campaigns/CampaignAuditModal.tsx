import type { Campaign, CampaignAuditRequest } from '@tidyhouse/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { useListAction } from '../../system/components/useListAction';
import { CAMPAIGN_LIST_URL } from './CampaignModal';

interface AuditValues {
  decision: 'approved' | 'failed';
  reason: string;
}

/** Approve or fail a pending campaign; failing needs a reason. The server refuses its last editor. */
export function CampaignAuditModal({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditValues>();
  const decision = Form.useWatch('decision', form);
  const action = useListAction<CampaignAuditRequest>('/campaign/audit', CAMPAIGN_LIST_URL, t('marketing.campaigns.audited'));
  const submit = async (values: AuditValues) => {
    await action
      .run({ id: campaign.id, version: campaign.version, decision: values.decision, reason: values.reason?.trim() ?? '' })
      .then(onClose)
      .catch(() => undefined);
  };
  return (
    <ActionModal
      title={t('marketing.campaigns.auditTitle', { name: campaign.sourceName })}
      onOk={() => form.submit()}
      onClose={onClose}
      saving={action.pending}
    >
      <Form form={form} layout="vertical" initialValues={{ decision: 'approved', reason: '' }} onFinish={submit}>
        <Form.Item name="decision" label={t('marketing.campaigns.decision')}>
          <Radio.Group>
            <Radio value="approved">{t('marketing.campaigns.approve')}</Radio>
            <Radio value="failed">{t('marketing.campaigns.fail')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('marketing.campaigns.reason')}
          rules={
            decision === 'failed' ? [{ required: true, whitespace: true, message: t('marketing.campaigns.reasonRequired') }] : []
          }
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
