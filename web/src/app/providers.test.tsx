import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Empty, theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { ApiError } from '@/lib/http';
import { setLocale } from '@/lib/i18n';
import { showError } from '@/lib/notify';
import { userInfo } from '@/test/fixtures';
import { AntdProviders } from './AntdProviders';
import { AppProviders, createQueryClient } from './providers';

function Failing({ error }: { error: Error }) {
  useQuery({ queryKey: ['failing', error.message], queryFn: () => Promise.reject(error), retry: false });
  return null;
}

/** antd's motion token as text. */
function Motion() {
  return <span>{theme.useToken().token.motion ? 'moving' : 'still'}</span>;
}

describe('AppProviders', () => {
  it("switches antd's own texts with the language (AntdProviders, in the shell)", async () => {
    render(
      <AppProviders>
        <AntdProviders>
          <Empty />
        </AntdProviders>
      </AppProviders>,
    );
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    act(() => setLocale('en'));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('暂无数据')).toHaveLength(0);
  });

  it("turns antd's motion off when the system asks for reduced motion, and back on when it no longer does", () => {
    const reduce = { matches: true, listeners: new Set<() => void>() };
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        ...original(query),
        matches: query === '(prefers-reduced-motion: reduce)' && reduce.matches,
        addEventListener: (_: string, listener: () => void) => reduce.listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => reduce.listeners.delete(listener),
      }) as unknown as MediaQueryList;
    try {
      render(
        <AppProviders>
          <AntdProviders>
            <Motion />
          </AntdProviders>
        </AppProviders>,
      );
      expect(screen.getByText('still')).toBeTruthy();
      act(() => {
        reduce.matches = false;
        for (const listener of reduce.listeners) listener();
      });
      expect(screen.getByText('moving')).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows a generic message for a failure nobody explained, and nothing more for one already shown', async () => {
    setLocale('en');
    render(
      <AppProviders>
        <AntdProviders>
          <Failing error={new TypeError('Failed to fetch')} />
          <Failing error={new ApiError(10010, 'Refused', true)} />
        </AntdProviders>
      </AppProviders>,
    );
    expect(await screen.findByText('The request failed. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('Refused')).toBeNull();
  });

  it('shows messages raised where no shell is mounted (the login page), through antd loaded on demand', async () => {
    render(<AppProviders>{null}</AppProviders>);
    showError('raised without a shell');
    expect(await screen.findByText('raised without a shell')).toBeTruthy();
  });

  it('drops cached server data when the session ends', async () => {
    const queryClient = createQueryClient();
    saveSession('tok', userInfo());
    queryClient.setQueryData(['secret'], 'cached');
    render(<AppProviders queryClient={queryClient}>{null}</AppProviders>);
    const clear = vi.spyOn(queryClient, 'clear');
    act(() => localStorage.clear());
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: null })));
    await waitFor(() => expect(clear).toHaveBeenCalled());
    expect(queryClient.getQueryData(['secret'])).toBeUndefined();
  });
});
