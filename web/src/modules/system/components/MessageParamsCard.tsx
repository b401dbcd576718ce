import {
  type MessageParams,
  type MessageParamsModifyRequest,
  REMINDER_LEAD_HOURS,
  REVIEW_REQUEST_DAYS,
} from '@tidyhouse/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { SettingsCard } from './SettingsCard';
import { StoredSecretField } from './StoredSecretField';

type MessageValues = Pick<
  MessageParamsModifyRequest,
  'smsAccountSid' | 'smsFromNumber' | 'reminderLeadHours' | 'reviewRequestDays'
> & {
  /** A new auth token; left empty, the stored one stays. */
  newToken?: string;
};

const toValues = (m: MessageParams): MessageValues => ({
  smsAccountSid: m.smsAccountSid,
  smsFromNumber: m.smsFromNumber,
  reminderLeadHours: m.reminderLeadHours,
  reviewRequestDays: m.reviewRequestDays,
});

export function messageParamsRequest({ newToken, ...values }: MessageValues, version: number): MessageParamsModifyRequest {
  const smsAccountSid = values.smsAccountSid?.trim() ?? '';
  return {
    version,
    smsAccountSid,
    smsFromNumber: values.smsFromNumber?.trim() ?? '',
    reminderLeadHours: values.reminderLeadHours,
    reviewRequestDays: values.reviewRequestDays,
    // No account any more: its token goes too (texts return to the simulator).
    clearSmsAuthToken: smsAccountSid === '',
    ...(newToken ? { smsAuthToken: newToken } : {}),
  };
}

/** Customer messages (issue 22): the text provider's account (token masked) and the reminder and review timings. */
export function MessageParamsCard() {
  const { t } = useTranslation();
  const recordForm = useRecordForm<MessageValues, MessageParams>({
    load: { queryKey: ['sysParam', 'messageParams'], queryFn: () => post<MessageParams>('/sysParam/messageParams'), toValues },
    submit: (values, record) =>
      post<MessageParams>('/sysParam/messageParamsModify', messageParamsRequest(values, record?.version ?? 0)),
  });
  const stored = recordForm.record;
  const range = (min: number, max: number, label: string) => ({
    type: 'integer' as const,
    min,
    max,
    required: true,
    message: t('system.params.messages.range', { label, min, max }),
  });
  return (
    <SettingsCard title={t('system.params.messages.title')} recordForm={recordForm} testId="message-params-card">
      {stored?.simulated ? (
        <Alert style={{ marginBottom: 16 }} type="info" title={t('system.params.messages.simulated')} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="reminderLeadHours"
            label={t('system.params.messages.reminderLeadHours')}
            rules={[range(REMINDER_LEAD_HOURS.min, REMINDER_LEAD_HOURS.max, t('system.params.messages.reminderLeadHours'))]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="reviewRequestDays"
            label={t('system.params.messages.reviewRequestDays')}
            rules={[range(REVIEW_REQUEST_DAYS.min, REVIEW_REQUEST_DAYS.max, t('system.params.messages.reviewRequestDays'))]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('system.params.messages.provider')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="smsAccountSid"
            label={t('system.params.messages.accountSid')}
            extra={t('system.params.messages.accountSidHelp')}
            rules={[{ pattern: /^(AC[0-9a-fA-F]{32})?$/, message: t('system.params.messages.accountSidInvalid') }]}
          >
            <Input maxLength={34} autoComplete="off" placeholder="AC…" />
          </Form.Item>
          <Form.Item
            name="smsFromNumber"
            label={t('system.params.messages.fromNumber')}
            rules={[{ pattern: /^(\+[1-9]\d{7,14})?$/, message: t('system.params.messages.fromNumberInvalid') }]}
          >
            <Input maxLength={16} placeholder="+14155550100" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <StoredSecretField
            name="newToken"
            masked={stored?.hasSmsAuthToken ? stored.smsAuthTokenMasked : null}
            currentLabel={t('system.params.messages.currentToken')}
            noneText={t('system.params.messages.noToken')}
            replaceLabel={t('system.params.messages.replaceToken')}
            maxLength={128}
            testId="masked-token"
          />
        </Col>
      </Row>
    </SettingsCard>
  );
}
