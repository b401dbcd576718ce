import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@tidyhouse/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import RolesPage from './RolesPage';

const role: Role = {
  id: 4,
  code: 'sales',
  nameEn: 'Sales Representative',
  nameZh: '销售代表',
  description: '',
  descriptionZh: '',
  isSuper: false,
  enabled: true,
  userCount: 28,
  keyCount: 5,
  version: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('Role & Permission List: disabling a role', () => {
  it('says below the spec question how many users will be signed out, then how many sessions ended', async () => {
    setLocale('en');
    registerStrings(strings);
    const api = mockApi({
      '/sysRole/queryList': { data: { list: [role], total: 1 } },
      '/sysRole/updateState': { data: { id: 4, enabled: false, sessionsEnded: 26 } },
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/sys/roleauthor']}>
        <RolesPage />
      </MemoryRouter>,
    );
    await screen.findByText('Sales Representative', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByText('Disable').closest('button')!);

    const [question] = await screen.findAllByText('Are you sure want to disable the role?');
    const dialog = question!.closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByTestId('disable-role-users').textContent).toBe(
      'Users with this role: 28. They will all be signed out at once.',
    );
    fireEvent.click(within(dialog).getByText('Disable').closest('button')!);

    await waitFor(() => expect(api.callsTo('/sysRole/updateState')).toHaveLength(1));
    expect(api.callsTo('/sysRole/updateState')[0]?.body).toEqual({ id: 4, enabled: false });
    await screen.findByText('The role was disabled. Sessions ended: 26.');
  });
});
