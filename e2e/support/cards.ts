import type { GatewayConfig } from '@tidyhouse/contract';
import { apiCall } from './browser';

/**
 * Saves a card on a customer the way the screen does (docs/business-rules.md "Card on file"): the
 * number goes to the card gateway with its publishable key, and only the token it returns reaches
 * our server. A fresh token each time: the gateway attaches a token to one gateway customer only.
 */
export async function captureCard(token: string, customerId: number, number: string): Promise<void> {
  const gateway = (await apiCall<GatewayConfig>('/cardQueue/gatewayConfig', token)).data;
  const response = await fetch(`${gateway.baseUrl}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2034' }),
  });
  const method = (await response.json()) as { id?: string; error?: { message?: string } };
  if (!method.id) throw new Error(`gateway: ${method.error?.message ?? response.status}`);
  const saved = await apiCall('/cardQueue/saveCard', token, { customerId, paymentMethodId: method.id }, undefined, 'en');
  if (saved.code !== 0) throw new Error(`cardQueue/saveCard: ${saved.message}`);
}
