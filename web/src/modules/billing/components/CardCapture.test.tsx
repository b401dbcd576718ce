import { fireEvent, screen } from '@testing-library/react';
import type { Customer } from '@tidyhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../../customers/strings';
import { CardCapture, tokenize } from './CardCapture';

/**
 * Card capture sends what Stripe.js's createToken sends, so any Stripe-compatible gateway takes it:
 * a simple form POST to /v1/tokens, the publishable key in the body, no Authorization header (a
 * browser would need a CORS preflight for one, which Stripe-compatible servers may refuse).
 */
afterEach(() => vi.unstubAllGlobals());

describe('tokenize', () => {
  it('posts the card and the publishable key as a form to /v1/tokens and answers the token', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'tok_123abc', object: 'token' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const id = await tokenize(
      { baseUrl: 'http://gateway.test', publishableKey: 'pk_test_demo' },
      { number: '4242 4242 4242 4242', expMonth: 11, expYear: 2031, cvc: '123', holderName: 'Rachel Thompson' },
    );
    expect(id).toBe('tok_123abc');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://gateway.test/v1/tokens');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    const form = new URLSearchParams(init.body as URLSearchParams);
    expect(Object.fromEntries(form)).toMatchObject({
      'card[number]': '4242424242424242',
      'card[exp_month]': '11',
      'card[exp_year]': '2031',
      'card[cvc]': '123',
      'card[name]': 'Rachel Thompson',
      key: 'pk_test_demo',
    });
  });

  it("throws the gateway's message when it refuses the card", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { type: 'card_error', message: 'Your card number is invalid.' } }), {
            status: 402,
          }),
      ),
    );
    await expect(
      tokenize(
        { baseUrl: 'http://gateway.test', publishableKey: 'pk_test_demo' },
        { number: '1234', expMonth: 1, expYear: 2030, cvc: '1' },
      ),
    ).rejects.toThrow('Your card number is invalid.');
  });
});

describe('the card form', () => {
  it('refuses an expired card before the number leaves the form', async () => {
    setLocale('en');
    registerStrings(strings);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const api = mockApi({
      '/cardQueue/gatewayConfig': { data: { baseUrl: 'http://gateway.test', publishableKey: 'pk_test_demo' } },
    });
    renderWithProviders(<CardCapture customer={{ id: 7, card: null } as unknown as Customer} canEdit />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Expiry year'), { target: { value: '2020' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
    expect(await screen.findByText('This card has expired: enter a card that is still valid.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(api.callsTo('/cardQueue/saveCard')).toHaveLength(0);
  });
});
