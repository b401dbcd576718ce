import type { GatewayConfig } from '@tidyhouse/contract';
import { apiCall } from './browser';

/**
 * Saves a card on a customer the way the screen does (docs/business-rules.md "Card on file"): the
 * number goes to the card gateway as Stripe.js's createToken sends it (a form POST to /v1/tokens
 * with the publishable key in the body), and only the token it returns reaches our server. A fresh
 * token each time: a token is used once. Expiry 12/2034.
 */
export async function captureCard(token: string, customerId: number, number: string): Promise<void> {
  const gateway = (await apiCall<GatewayConfig>('/cardQueue/gatewayConfig', token)).data;
  const response = await fetch(`${gateway.baseUrl}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      key: gateway.publishableKey,
    }),
  });
  const made = (await response.json()) as { id?: string; error?: { message?: string } };
  if (!made.id) throw new Error(`gateway: ${made.error?.message ?? response.status}`);
  const saved = await apiCall('/cardQueue/saveCard', token, { customerId, paymentMethodId: made.id }, undefined, 'en');
  if (saved.code !== 0) throw new Error(`cardQueue/saveCard: ${saved.message}`);
}
