import { act, render, screen, waitFor } from '@testing-library/react';
import NProgress from 'nprogress';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { deferred } from '@/test/api';
import { AppProviders } from './providers';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { lazyComponent } from './router';

function Page({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('route changes', () => {
  it('run a progress bar without a spinner while the next route loads', async () => {
    const slow = deferred<null>();
    const router = createMemoryRouter([
      {
        Component: RootLayout,
        children: [
          { path: '/', element: <Page text="home" /> },
          { path: '/slow', loader: () => slow.promise, element: <Page text="slow page" /> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText('home');
    expect(NProgress.isStarted()).toBe(false);

    act(() => void router.navigate('/slow'));
    await waitFor(() => expect(NProgress.isStarted()).toBe(true));
    expect(document.getElementById('nprogress')).not.toBeNull();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();

    act(() => slow.resolve(null));
    await screen.findByText('slow page');
    await waitFor(() => expect(NProgress.isStarted()).toBe(false));
    // The bar fades out on timers; waiting for it to leave the page keeps those timers from firing
    // after this file's document is torn down (an unhandled error that fails the run).
    await waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 5000 });
  });

  it('show the generic loader error when a page chunk fails to load', async () => {
    setLocale('en');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: lazyComponent(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), '/'),
        ErrorBoundary: RouteError,
      },
    ]);
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
    quiet.mockRestore();
  });
});
