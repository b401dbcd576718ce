import { render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { AntdProviders } from '@/app/AntdProviders';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';
import { registerNavigator } from '@/lib/navigation';

/** The whole app (real routes, providers, http client) at `path`, on a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigator((to) => void router.navigate(to, { replace: true }));
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** One component inside the providers (React Query, i18n) and antd App, which the shell adds. */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <AntdProviders>
        <App>{ui}</App>
      </AntdProviders>
    </AppProviders>,
  );
}

type AppRouter = ReturnType<typeof renderApp>['router'];

/** Waits for a navigation (lazy routes included) to arrive at `pathname`. */
export function waitForPath(router: AppRouter, pathname: string) {
  return waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}
