import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSENT_SOURCES,
  type ConsentSource,
  type CustomerMessageChoices,
  type CustomerMessageChoicesUpdateRequest,
} from '@tidyhouse/contract';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Flex, Form, Row, Select, Switch, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useBusinessToday, useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { fromIsoDate, toIsoDate } from './converters';

interface ChoiceValues {
  emailEnabled: boolean;
  smsEnabled: boolean;
  consentDate: Dayjs | null;
  consentSource: ConsentSource | null;
  smsOptedOut: boolean;
  emailOptedOut: boolean;
}

export const choicesKey = (customerId: number) => ['customerMessageChoice', 'detail', customerId] as const;

export function toChoiceValues(c: CustomerMessageChoices): ChoiceValues {
  return {
    emailEnabled: c.emailEnabled,
    smsEnabled: c.smsEnabled,
    consentDate: fromIsoDate(c.consentDate),
    consentSource: c.consentSource,
    smsOptedOut: c.smsOptedOut,
    emailOptedOut: c.emailOptedOut,
  };
}

export function toChoicesRequest(c: CustomerMessageChoices, v: ChoiceValues): CustomerMessageChoicesUpdateRequest {
  const consentDate = toIsoDate(v.consentDate);
  return {
    customerId: c.customerId,
    version: c.version,
    emailEnabled: v.emailEnabled,
    smsEnabled: v.smsEnabled,
    consentDate,
    consentSource: consentDate ? v.consentSource : null,
    smsOptedOut: v.smsOptedOut,
    emailOptedOut: v.emailOptedOut,
  };
}

/** The customer's message choices: channels, consent (date and how), and the opt-outs with who set them. */
export function MessageChoicesTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChoiceValues>();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('/customer/customerdetail');
  const moment = useMomentFormat();
  const today = useBusinessToday();
  const choices = useQuery({
    queryKey: choicesKey(customerId),
    queryFn: () => post<CustomerMessageChoices>('/customerMessageChoice/detail', { customerId }),
  });
  const data = choices.data;
  useEffect(() => {
    if (data) form.setFieldsValue(toChoiceValues(data));
  }, [form, data]);
  const save = useMutation({
    mutationFn: (values: ChoiceValues) =>
      post<CustomerMessageChoices>('/customerMessageChoice/update', toChoicesRequest(data!, values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(choicesKey(customerId), saved);
      showSuccess(t('customers.messageChoices.saved'));
    },
    // A 10009 (a STOP arrived meanwhile): show the state as it is now.
    onError: () => void choices.refetch(),
  });

  if (choices.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('customers.messageChoices.loadFailed')}
        action={
          <Button size="small" onClick={() => void choices.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!data) return <Card loading />;

  const channelText = (list: readonly string[]) =>
    list.length
      ? list.map((c) => t(`customers.messageChoices.channel.${c as 'email' | 'sms'}`)).join(t('customers.messageChoices.and'))
      : t('customers.messageChoices.none');
  const optOutText = (at: string | null, source: string | null) =>
    at && source
      ? t('customers.messageChoices.setBy', {
          at: moment(at),
          source: t(`customers.messageChoices.optOutSource.${source as 'office'}`),
        })
      : '';
  const consentSources = CONSENT_SOURCES.map((value) => ({ value, label: t(`customers.messageChoices.consentSource.${value}`) }));

  return (
    <Flex vertical gap={16} data-testid="message-choices">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'language',
            label: t('customers.messageChoices.language'),
            children: t(`customers.messageChoices.languages.${data.language}`),
          },
          {
            key: 'email',
            label: t('customers.messageChoices.email'),
            children: data.email || t('customers.messageChoices.none'),
          },
          {
            key: 'phone',
            label: t('customers.messageChoices.smsPhone'),
            children: data.smsPhone || t('customers.messageChoices.none'),
          },
          {
            key: 'transactional',
            label: t('customers.messageChoices.reachTransactional'),
            children: <span data-testid="reach-transactional">{channelText(data.channelsNow.transactional)}</span>,
          },
          {
            key: 'other',
            label: t('customers.messageChoices.reachOther'),
            children: <span data-testid="reach-other">{channelText(data.channelsNow.other)}</span>,
          },
        ]}
      />
      <Typography.Text type="secondary">{t('customers.messageChoices.languageHelp')}</Typography.Text>
      <Form<ChoiceValues>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 880 }}
      >
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="emailEnabled" label={t('customers.messageChoices.emailEnabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="smsEnabled" label={t('customers.messageChoices.smsEnabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="consentDate"
              label={t('customers.messageChoices.consentDate')}
              extra={t('customers.messageChoices.consentHelp')}
            >
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(today, 'day')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="consentSource"
              label={t('customers.messageChoices.consentSourceLabel')}
              dependencies={['consentDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, value) =>
                    getFieldValue('consentDate') && !value
                      ? Promise.reject(new Error(t('customers.messageChoices.consentSourceRequired')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Select allowClear options={consentSources} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="smsOptedOut"
              label={t('customers.messageChoices.smsOptedOut')}
              valuePropName="checked"
              extra={optOutText(data.smsOptedOutAt, data.smsOptOutSource) || t('customers.messageChoices.smsOptedOutHelp')}
            >
              <Switch data-testid="sms-opted-out" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="emailOptedOut"
              label={t('customers.messageChoices.emailOptedOut')}
              valuePropName="checked"
              extra={optOutText(data.emailOptedOutAt, data.emailOptOutSource) || t('customers.messageChoices.emailOptedOutHelp')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {data.smsOptedOut ? (
          <Tag color="red" style={{ marginBottom: 12 }} data-testid="sms-stopped-tag">
            {t('customers.messageChoices.smsStopped')}
          </Tag>
        ) : null}
        {canEdit ? (
          <div>
            <GuardedButton type="primary" htmlType="submit" loading={save.isPending} data-testid="save-message-choices">
              {t('common.actions.save')}
            </GuardedButton>
          </div>
        ) : null}
      </Form>
    </Flex>
  );
}
