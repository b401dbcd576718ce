import { screen } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { LoadFailedPage } from './RouteError';
import { lazyComponent } from './router';

// The Customer List page's chunk cannot be fetched (a redeploy while the app is open, a network blip).
vi.mock('@/modules/customers/routes', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/modules/customers/routes')>();
  return {
    customersPages: {
      ...real.customersPages,
      '/customer/customerlist': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    },
  };
});

describe('a screen whose chunk fails to load (spec §8)', () => {
  for (const [locale, title, retry] of [
    ['en', 'This page could not be loaded', /^Retry$/],
    ['zh', '页面加载失败', /^重\s*试$/],
  ] as const) {
    it(`shows the generic loader error inside the shell, with a retry (${locale})`, async () => {
      setLocale(locale);
      saveSession('tok', userInfo());
      mockApi({ '/getUserInfo': { data: userInfo() }, '/sysParam/businessProfile': { data: businessProfile } });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderApp('/customer/customerlist');
      expect(await screen.findByText(title, {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByTestId('sider')).toBeTruthy();
      expect(screen.getByTestId('breadcrumb')).toBeTruthy();
      expect(screen.getByRole('button', { name: retry })).toBeTruthy();
    });
  }

  it('turns a chunk that never arrives into the same page after CHUNK_LOAD_TIMEOUT_MS (120 s)', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const loading = lazyComponent(() => new Promise<never>(() => undefined), '/customer/customerlist')();
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
      expect((await loading).Component).toBe(LoadFailedPage);
    } finally {
      vi.useRealTimers();
    }
  });
});
