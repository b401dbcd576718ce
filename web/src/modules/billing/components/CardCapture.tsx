import { useMutation, useQuery } from '@tanstack/react-query';
import { type Customer, cardExpired, type GatewayConfig, NUMBER_RANGES } from '@tidyhouse/contract';
import { Button, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '@/components/ActionModal';
import { numberRange } from '@/components/formRules';
import { useBusinessDate } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { useInvalidate } from '@/modules/customers/shared';

export interface CardValues {
  holderName?: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

class GatewayRefusal extends Error {}

/**
 * Tokenizes a card in the browser exactly as Stripe.js's createToken does, so that any
 * Stripe-compatible gateway accepts it: a simple form POST to /v1/tokens with the publishable key in
 * the body (no Authorization header, hence no CORS preflight). The number and security code go
 * only to the gateway; our server receives the token (tok_…) and asks the gateway about it.
 */
export async function tokenize(gateway: GatewayConfig, card: CardValues): Promise<string> {
  const body = new URLSearchParams({
    'card[number]': card.number.replace(/\D/g, ''),
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
    ...(card.holderName ? { 'card[name]': card.holderName } : {}),
    key: gateway.publishableKey,
    payment_user_agent: 'tidyhouse-card-capture',
  });
  const response = await fetch(`${gateway.baseUrl}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const json = (await response.json()) as { id?: string; error?: { message?: string } };
  if (!response.ok || !json.id) throw new GatewayRefusal(json.error?.message ?? String(response.status));
  return json.id;
}

/** The saved card on the customer screen, and "enter a new card" through the gateway. */
export function CardCapture({ customer, canEdit }: { customer: Customer; canEdit: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CardValues>();
  const today = useBusinessDate();
  const gateway = useQuery({
    queryKey: ['cardQueue', 'gatewayConfig'],
    queryFn: () => post<GatewayConfig>('/cardQueue/gatewayConfig'),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({
    mutationFn: async (card: CardValues) => {
      const config = gateway.data ?? (await gateway.refetch()).data;
      if (!config) throw new GatewayRefusal('');
      let paymentMethodId: string;
      try {
        paymentMethodId = await tokenize(config, card);
      } catch (error) {
        // Only the gateway's message is shown; the typed number never leaves this form otherwise.
        showError(
          error instanceof GatewayRefusal
            ? t('customers.cardCapture.gatewayError', { message: error.message })
            : t('customers.cardCapture.gatewayDown'),
        );
        throw error;
      }
      // Brand, last four and expiry come back from the gateway through the server, never from this form.
      return post('/cardQueue/saveCard', { customerId: customer.id, paymentMethodId, holderName: card.holderName ?? '' });
    },
    onSuccess: () => {
      showSuccess(t('customers.cardCapture.saved'));
      form.resetFields();
      setOpen(false);
      invalidate('/customer/queryList');
    },
  });
  const card = customer.card;
  return (
    <div data-testid="saved-card">
      <Typography.Text strong>{t('customers.cardCapture.title')}: </Typography.Text>
      <Typography.Text>
        {card
          ? `${t(`customers.profile.cardBrands.${card.brand}`)} •••• ${card.last4} (${String(card.expMonth).padStart(2, '0')}/${card.expYear})${card.holderName ? ` · ${card.holderName}` : ''}`
          : t('customers.cardCapture.none')}
      </Typography.Text>{' '}
      {canEdit && (
        <Button size="small" onClick={() => setOpen(true)}>
          {card ? t('customers.cardCapture.change') : t('customers.cardCapture.add')}
        </Button>
      )}
      {open && (
        <ActionModal
          title={t('customers.cardCapture.title')}
          onOk={form.submit}
          onClose={() => setOpen(false)}
          saving={save.isPending}
        >
          <Typography.Paragraph type="secondary">{t('customers.cardCapture.secureNote')}</Typography.Paragraph>
          <Form<CardValues> form={form} layout="vertical" autoComplete="off" onFinish={(values) => save.mutate(values)}>
            <Form.Item name="holderName" label={t('customers.profile.cardHolderName')}>
              <Input maxLength={96} autoComplete="cc-name" />
            </Form.Item>
            <Form.Item
              name="number"
              label={t('customers.cardCapture.number')}
              rules={[{ required: true, pattern: /^[\d ]{12,23}$/, message: t('customers.cardCapture.numberRule') }]}
            >
              <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} />
            </Form.Item>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item
                  name="expMonth"
                  label={t('customers.cardCapture.expMonth')}
                  rules={[
                    { required: true, message: t('customers.cardCapture.expMonth') },
                    numberRange(NUMBER_RANGES.cardExpMonth, 'customers.cardCapture.expMonth'),
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="expYear"
                  label={t('customers.cardCapture.expYear')}
                  rules={[
                    { required: true, message: t('customers.cardCapture.expYear') },
                    numberRange(NUMBER_RANGES.cardExpYear, 'customers.cardCapture.expYear'),
                    // The server refuses an expired card too; said here before the number leaves the form.
                    ({ getFieldValue }) => ({
                      validator: (_rule, year?: number) => {
                        const month = getFieldValue('expMonth') as number | undefined;
                        return month && year && cardExpired(month, year, today)
                          ? Promise.reject(new Error(t('customers.cardCapture.expired')))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                  dependencies={['expMonth']}
                >
                  <InputNumber style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="cvc"
                  label={t('customers.cardCapture.cvc')}
                  rules={[{ required: true, pattern: /^\d{3,4}$/, message: t('customers.cardCapture.cvcRule') }]}
                >
                  <Input.Password inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </ActionModal>
      )}
    </div>
  );
}
