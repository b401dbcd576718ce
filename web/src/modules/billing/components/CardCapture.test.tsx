import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenize } from './CardCapture';

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
