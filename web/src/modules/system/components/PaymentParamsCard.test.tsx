import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaymentParams } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { PaymentParamsCard, paymentRequest } from './PaymentParamsCard';

const payment: PaymentParams = {
  accountId: 'acct_42',
  apiAccessKeyMasked: '••••••42',
  hasApiKey: true,
  cardTypes: ['visa', 'amex'],
  remitToName: 'Tidyhouse',
  remitToStreet: '1 Main St',
  remitToCity: 'San Mateo',
  remitToState: 'CA',
  remitToZip: '94401',
  version: 5,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('payment vendor parameters', () => {
  it('sends a typed key, trimmed, and no key when none was typed', () => {
    const { version: _v, updatedAt: _u, apiAccessKeyMasked: _m, hasApiKey: _h, ...fields } = payment;
    expect(paymentRequest({ ...fields, newApiKey: '  sk_live_new  ' }, 5)).toMatchObject({
      version: 5,
      apiAccessKey: 'sk_live_new',
    });
    expect(paymentRequest({ ...fields, newApiKey: '   ' }, 5)).not.toHaveProperty('apiAccessKey');
  });

  it('shows the API key only masked, and a save without a new key leaves it out', async () => {
    setLocale('en');
    registerStrings(strings);
    const api = mockApi({
      '/sysParam/paymentParams': { data: payment },
      '/sysParam/paymentParamsModify': (call: ApiCall) => ({
        data: { ...payment, version: (call.body as { version: number }).version + 1 },
      }),
    });
    renderWithProviders(<PaymentParamsCard />);
    expect(await screen.findByText('••••••42')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Account ID') as HTMLInputElement).value).toBe('acct_42'));
    expect((screen.getByLabelText('Replace the key') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/sysParam/paymentParamsModify')).toHaveLength(1));
    const kept = api.callsTo('/sysParam/paymentParamsModify')[0]!.body as Record<string, unknown>;
    expect(kept).not.toHaveProperty('apiAccessKey');
    expect(kept).toMatchObject({ version: 5, accountId: 'acct_42', cardTypes: ['visa', 'amex'], remitToZip: '94401' });
  });

  it('refuses a publishable key (pk_) under the field, sending nothing; sends a secret key', async () => {
    setLocale('en');
    registerStrings(strings);
    const api = mockApi({
      '/sysParam/paymentParams': { data: payment },
      '/sysParam/paymentParamsModify': (call: ApiCall) => ({
        data: { ...payment, version: (call.body as { version: number }).version + 1 },
      }),
    });
    renderWithProviders(<PaymentParamsCard />);
    await waitFor(() => expect((screen.getByLabelText('Account ID') as HTMLInputElement).value).toBe('acct_42'));
    const key = screen.getByLabelText('Replace the key');
    fireEvent.change(key, { target: { value: 'pk_live_51PublishableKey42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/not the publishable key \(pk_…\)/, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(api.callsTo('/sysParam/paymentParamsModify')).toHaveLength(0);
    // Save is guarded for a moment after each click (spec §5): the second save waits until it is enabled.
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false), { timeout: 5_000 });
    fireEvent.change(key, { target: { value: 'sk_live_51SecretKey0042' } });
    fireEvent.click(save);
    // The form validates asynchronously; a loaded machine takes longer than waitFor's default second.
    await waitFor(() => expect(api.callsTo('/sysParam/paymentParamsModify')).toHaveLength(1), { timeout: 5_000 });
    expect(api.callsTo('/sysParam/paymentParamsModify')[0]!.body).toMatchObject({ apiAccessKey: 'sk_live_51SecretKey0042' });
  });
});
