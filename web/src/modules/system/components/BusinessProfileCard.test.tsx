import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BusinessProfileDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { BusinessProfileCard } from './BusinessProfileCard';

registerStrings(strings);

/** The employer's legal name on Location Parameters: what the wage statement names (issue 24). */
const profile: BusinessProfileDetail = {
  name: 'Tidyhouse Home Services',
  legalName: '',
  street: '1250 Bayshore Highway',
  suite: 'Suite 210',
  city: 'Burlingame',
  state: 'CA',
  zip: '94010',
  phone: '(650) 555-0142',
  email: 'office@tidyhouse.example',
  timeZone: 'America/Los_Angeles',
  salesTaxBps: 0,
  openingTime: '07:00',
  closingTime: '19:00',
  version: 3,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

const render = () => {
  const api = mockApi({
    '/sysParam/profileDetail': { data: profile },
    '/sysParam/profileModify': (call: ApiCall) => ({ data: { ...profile, ...(call.body as object), version: 4 } }),
  });
  renderWithProviders(<BusinessProfileCard />);
  return api;
};

describe('business profile: legal name of the employer', () => {
  it('edits and saves the legal name with the rest of the profile (English)', async () => {
    setLocale('en');
    const api = render();
    await screen.findByLabelText('Legal name of the employer', {}, { timeout: 30_000 });
    await waitFor(() => expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe(profile.name));
    expect(screen.getByText(/printed on wage statements with the address below/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Legal name of the employer'), { target: { value: 'Tidyhouse Home Services LLC' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Legal name of the employer') as HTMLInputElement).value).toBe('Tidyhouse Home Services LLC'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/sysParam/profileModify')).toHaveLength(1));
    expect(api.callsTo('/sysParam/profileModify')[0]!.body).toMatchObject({
      version: 3,
      name: 'Tidyhouse Home Services',
      legalName: 'Tidyhouse Home Services LLC',
      street: '1250 Bayshore Highway',
    });
  }, 60_000);

  it('labels the field in Chinese', async () => {
    setLocale('zh');
    render();
    expect(await screen.findByLabelText('雇主法定名称', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText(/印在工资单上/)).toBeTruthy();
  }, 60_000);
});
