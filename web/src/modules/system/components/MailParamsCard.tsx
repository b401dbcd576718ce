import { type MailParams, type MailParamsModifyRequest, NUMBER_RANGES } from '@tidyhouse/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRange } from '@/components/formRules';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { SettingsCard } from './SettingsCard';
import { StoredSecretField } from './StoredSecretField';

type MailValues = Omit<MailParamsModifyRequest, 'version' | 'password' | 'clearPassword'> & {
  /** A new password; left empty, the stored one stays. */
  newPassword?: string;
};

const toValues = (m: MailParams): MailValues => ({
  host: m.host,
  port: m.port,
  secure: m.secure,
  username: m.username,
  fromAddress: m.fromAddress,
  fromName: m.fromName,
});

/** The request: every field, and the password only when a new one was typed. */
export function mailRequest({ newPassword, ...values }: MailValues, version: number): MailParamsModifyRequest {
  return {
    version,
    host: values.host?.trim() ?? '',
    port: values.port ?? 587,
    secure: values.secure ?? false,
    username: values.username?.trim() ?? '',
    fromAddress: values.fromAddress?.trim() ?? '',
    fromName: values.fromName?.trim() ?? '',
    clearPassword: false,
    ...(newPassword ? { password: newPassword } : {}),
  };
}

/** E-mail (SMTP) settings quotes are sent with; the password is only ever shown masked. */
export function MailParamsCard() {
  const { t } = useTranslation();
  const recordForm = useRecordForm<MailValues, MailParams>({
    load: { queryKey: ['sysParam', 'mailParams'], queryFn: () => post<MailParams>('/sysParam/mailParams'), toValues },
    submit: (values, record) => post<MailParams>('/sysParam/mailParamsModify', mailRequest(values, record?.version ?? 0)),
  });
  const stored = recordForm.record;
  return (
    <SettingsCard title={t('system.params.mail.title')} recordForm={recordForm} testId="mail-card">
      {stored && !stored.host ? (
        <Alert
          style={{ marginBottom: 16 }}
          type={stored.catcherRunning ? 'info' : 'warning'}
          title={t(stored.catcherRunning ? 'system.params.mail.catcher' : 'system.params.mail.notSetUp')}
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="host" label={t('system.params.mail.host')} extra={t('system.params.mail.hostHelp')}>
            <Input maxLength={160} placeholder="smtp.example.com" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="port"
            label={t('system.params.mail.port')}
            rules={[numberRange(NUMBER_RANGES.mailPort, 'system.params.mail.port')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="secure" label={t('system.params.mail.secure')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="username" label={t('system.params.mail.username')}>
            <Input maxLength={160} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <StoredSecretField
            name="newPassword"
            masked={stored?.hasPassword ? stored.passwordMasked : null}
            currentLabel={t('system.params.mail.currentPassword')}
            noneText={t('system.params.mail.noPassword')}
            replaceLabel={t('system.params.mail.replacePassword')}
            maxLength={256}
            testId="masked-password"
          />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="fromAddress"
            label={t('system.params.mail.fromAddress')}
            rules={[{ type: 'email', message: t('system.params.mail.fromInvalid') }]}
          >
            <Input maxLength={160} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fromName" label={t('system.params.mail.fromName')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
