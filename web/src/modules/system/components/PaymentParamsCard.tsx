import {
  CARD_TYPE_TITLES,
  CARD_TYPES,
  type PaymentParams,
  type PaymentParamsModifyRequest,
  ZGatewaySecretKey,
  ZUsStateOrEmpty,
  ZUsZipOrEmpty,
} from '@tidyhouse/contract';
import { Checkbox, Col, Descriptions, Divider, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/components/formRules';
import { useRecordForm } from '@/components/useRecordForm';
import { post } from '@/lib/http';
import { stateOptions } from './BusinessProfileCard';
import { SettingsCard } from './SettingsCard';

type PaymentValues = Omit<PaymentParamsModifyRequest, 'version' | 'apiAccessKey'> & {
  /** A new key; left empty, the stored key stays. */
  newApiKey?: string;
};

const toValues = (p: PaymentParams): PaymentValues => ({
  accountId: p.accountId,
  cardTypes: p.cardTypes,
  remitToName: p.remitToName,
  remitToStreet: p.remitToStreet,
  remitToCity: p.remitToCity,
  remitToState: p.remitToState,
  remitToZip: p.remitToZip,
});

/** The request: every field, and the key only when a new one was typed. */
export function paymentRequest({ newApiKey, ...values }: PaymentValues, version: number): PaymentParamsModifyRequest {
  const key = newApiKey?.trim();
  return {
    version,
    accountId: values.accountId ?? '',
    cardTypes: values.cardTypes ?? [],
    remitToName: values.remitToName ?? '',
    remitToStreet: values.remitToStreet ?? '',
    remitToCity: values.remitToCity ?? '',
    remitToState: values.remitToState ?? '',
    remitToZip: values.remitToZip ?? '',
    ...(key ? { apiAccessKey: key } : {}),
  };
}

/** Payment vendor parameters: account, API access key (only ever shown masked), card types, remit-to address. */
export function PaymentParamsCard() {
  const { t } = useTranslation();
  const recordForm = useRecordForm<PaymentValues, PaymentParams>({
    load: { queryKey: ['sysParam', 'paymentParams'], queryFn: () => post<PaymentParams>('/sysParam/paymentParams'), toValues },
    submit: (values, record) =>
      post<PaymentParams>('/sysParam/paymentParamsModify', paymentRequest(values, record?.version ?? 0)),
  });
  const stored = recordForm.record;

  return (
    <SettingsCard title={t('system.params.payment.title')} recordForm={recordForm} testId="payment-card">
      <Form.Item name="accountId" label={t('system.params.payment.accountId')}>
        <Input maxLength={96} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'key',
            label: t('system.params.payment.currentKey'),
            children: stored?.hasApiKey ? (
              <Typography.Text code data-testid="masked-key">
                {stored.apiAccessKeyMasked}
              </Typography.Text>
            ) : (
              <Tag data-testid="masked-key">{t('system.params.payment.noKey')}</Tag>
            ),
          },
        ]}
      />
      <Form.Item
        name="newApiKey"
        label={t('system.params.payment.replaceKey')}
        extra={t('system.params.payment.replaceKeyHelp')}
        rules={[contractRule(ZGatewaySecretKey, 'rule.secretKeyKind')]}
      >
        <Input.Password maxLength={256} autoComplete="new-password" style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="cardTypes" label={t('system.params.payment.cardTypes')}>
        <Checkbox.Group options={CARD_TYPES.map((card) => ({ value: card, label: CARD_TYPE_TITLES[card] }))} />
      </Form.Item>
      <Divider titlePlacement="start">{t('system.params.payment.remitTo')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="remitToName" label={t('system.params.payment.remitToName')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remitToStreet" label={t('system.params.profile.street')}>
            <Input maxLength={160} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="remitToCity" label={t('system.params.profile.city')}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="remitToState"
            label={t('system.params.profile.state')}
            rules={[contractRule(ZUsStateOrEmpty, 'rule.usState')]}
          >
            <Select allowClear showSearch options={stateOptions} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="remitToZip" label={t('system.params.profile.zip')} rules={[contractRule(ZUsZipOrEmpty, 'rule.usZip')]}>
            <Input maxLength={10} />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
