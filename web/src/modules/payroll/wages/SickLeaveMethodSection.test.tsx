import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { SickLeaveMethodSection } from './SickLeaveMethodSection';

registerStrings(strings);

describe('payroll settings: the paid sick leave method', () => {
  it('shows the method and saves a change with the settings version', async () => {
    setLocale('en');
    const api = mockApi({
      '/sickLeave/settings': { data: { method: 'accrual', version: 3 } },
      '/sickLeave/updateSettings': { data: { method: 'frontLoad', version: 4 } },
    });
    renderWithProviders(<SickLeaveMethodSection />);
    const accrual = (await screen.findByLabelText(/^Accrual: 1 hour per 30 hours worked/)) as HTMLInputElement;
    expect(accrual.checked).toBe(true);
    const save = screen.getByText('Save sick leave method').closest('button')!;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Front-loading: 40 hours/));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('/sickLeave/updateSettings')).toHaveLength(1));
    expect(api.callsTo('/sickLeave/updateSettings')[0]!.body).toEqual({ method: 'frontLoad', version: 3 });
  });

  it('speaks Chinese', async () => {
    setLocale('zh');
    mockApi({ '/sickLeave/settings': { data: { method: 'frontLoad', version: 1 } } });
    renderWithProviders(<SickLeaveMethodSection />);
    expect(await screen.findByText('年初预先给予：每年年初 40 小时（不结转）')).toBeTruthy();
    expect(screen.getByText('保存病假方式')).toBeTruthy();
  });
});
