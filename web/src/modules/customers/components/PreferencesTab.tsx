import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_METHODS,
  type CustomerPreferences,
  type CustomerSavePreferencesRequest,
  INVOICE_TYPES,
  JOB_FREQUENCIES,
  PAYMENT_METHODS,
} from '@tidyhouse/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Select, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { useCustomerOptions, useEnumOptions } from '../shared';

type PreferenceValues = Omit<CustomerSavePreferencesRequest, 'customerId' | 'version' | 'preferredStartTime'> & {
  preferredStartTime: Dayjs | null;
};

export function preferencesToForm(preferences: CustomerPreferences): PreferenceValues {
  return {
    noticeMethod: preferences.noticeMethod,
    scheduledMethod: preferences.scheduledMethod,
    invoiceType: preferences.invoiceType,
    paymentMethod: preferences.paymentMethod,
    healthConcern: preferences.healthConcern,
    preferredTeamId: preferences.preferredTeamId,
    preferredStartTime: preferences.preferredStartTime ? dayjs(`2000-01-01T${preferences.preferredStartTime}`) : null,
    frequency: preferences.frequency,
    noteDirections: preferences.noteDirections,
    travelDirections: preferences.travelDirections,
  };
}

/** Preferences tab: how the customer wants to be told, invoiced and served. */
export function PreferencesTab({ customerId }: { customerId: number }) {
  // Moments in the business time zone, one format per language (lib/dateTime).
  const showDateTime = useMomentFormat();
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<PreferenceValues>();
  const canEdit = useHasPermission('/customer/customerdetail');
  const options = useCustomerOptions();
  const contactMethods = useEnumOptions('contactMethod', CONTACT_METHODS);
  const invoiceTypes = useEnumOptions('invoiceType', INVOICE_TYPES);
  const paymentMethods = useEnumOptions('paymentMethod', PAYMENT_METHODS);
  const frequencies = useEnumOptions('frequency', JOB_FREQUENCIES);
  const queryKey = ['customer', 'preferences', customerId];
  const preferences = useQuery({ queryKey, queryFn: () => post<CustomerPreferences>('/customer/preferences', { customerId }) });
  const save = useMutation({
    mutationFn: (values: PreferenceValues) =>
      post('/customer/savePreferences', {
        ...values,
        customerId,
        version: preferences.data?.version,
        healthConcern: values.healthConcern ?? '',
        noteDirections: values.noteDirections ?? '',
        travelDirections: values.travelDirections ?? '',
        preferredTeamId: values.preferredTeamId ?? null,
        preferredStartTime: values.preferredStartTime ? values.preferredStartTime.format('HH:mm') : null,
      }),
    onSuccess: () => showSuccess(t('customers.actions.saved')),
    // Saved or refused as stale: either way the form shows the stored preferences again.
    onSettled: () => void client.invalidateQueries({ queryKey }),
  });

  if (preferences.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('customers.detail.loadFailed')}
        action={
          <Button size="small" onClick={() => void preferences.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!preferences.data) return <Card loading variant="borderless" />;
  const select = (list: { value: string; label: string }[]) => <Select allowClear options={list} />;

  return (
    <Form<PreferenceValues>
      key={preferences.data.version}
      form={form}
      layout="vertical"
      disabled={!canEdit}
      initialValues={preferencesToForm(preferences.data)}
      onFinish={(values) => save.mutate(values)}
      data-testid="preferences-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name="noticeMethod" label={t('customers.preferences.noticeMethod')}>
            {select(contactMethods)}
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="scheduledMethod" label={t('customers.preferences.scheduledMethod')}>
            {select(contactMethods)}
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="invoiceType" label={t('customers.preferences.invoiceType')}>
            {select(invoiceTypes)}
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="paymentMethod" label={t('customers.preferences.paymentMethod')}>
            {select(paymentMethods)}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="preferredTeamId" label={t('customers.preferences.preferredTeam')}>
            <Select
              allowClear
              loading={options.isPending}
              options={(options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="preferredStartTime" label={t('customers.preferences.preferredStartTime')}>
            <TimePicker format="HH:mm" minuteStep={15} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="frequency" label={t('customers.preferences.frequency')}>
            {select(frequencies)}
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="healthConcern" label={t('customers.preferences.healthConcern')}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="noteDirections" label={t('customers.preferences.noteDirections')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="travelDirections" label={t('customers.preferences.travelDirections')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      {canEdit ? (
        <GuardedButton type="primary" htmlType="submit" loading={save.isPending}>
          {t('customers.actions.save')}
        </GuardedButton>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('customers.detail.updatedAt')}: {showDateTime(preferences.data.updatedAt)}
      </Typography.Paragraph>
    </Form>
  );
}
