import { ALL_SCREENS } from '@tidyhouse/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { getUserInfo } from '@/lib/auth';
import { withChunkTimeout } from '@/lib/lazyPage';
import { LOGIN_PATH, registerNavigator, USER_CENTER_PATH } from '@/lib/navigation';
import { loginLoader } from '@/modules/auth/loginLoader';
import { authPages } from '@/modules/auth/routes';
import { homePathOf, requireScreen, requireSession } from './guards';
import { PageLoading } from './PageLoading';
import { RootLayout } from './RootLayout';
import { LoadFailedPage, NotFoundPage, RouteError } from './RouteError';
import { pageFor } from './screenPages';

type LoadComponent = () => Promise<ComponentType>;

/**
 * A lazy route body: the chunk races CHUNK_LOAD_TIMEOUT_MS. A chunk that fails or times out becomes
 * the generic loader error (spec §8) as the route's own component, so the shell stays around it; a
 * rejected route `lazy` would leave the whole app blank on a first load. The router keeps what a
 * route's `lazy` answered, so its Retry reloads the page (which also picks up a redeploy's chunks).
 */
export function lazyComponent(load: LoadComponent | undefined, url: string): () => Promise<{ Component: ComponentType }> {
  return async () => {
    if (!load) throw new Error(`no page registered for ${url}`);
    try {
      return { Component: await withChunkTimeout(load()) };
    } catch (error) {
      console.error(error);
      return { Component: LoadFailedPage };
    }
  };
}

const loadShell: LoadComponent = () => import('./shell/AppShell').then((module) => module.AppShell);

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: LOGIN_PATH, loader: loginLoader, lazy: lazyComponent(authPages[LOGIN_PATH], LOGIN_PATH) },
      {
        id: 'shell',
        loader: requireSession,
        // Checked on every navigation, not only the first: the token may have gone meanwhile.
        shouldRevalidate: () => true,
        lazy: lazyComponent(loadShell, 'shell'),
        children: [
          // `/` is the dashboard (spec §2), or the first screen of the menu for a role without it.
          { index: true, loader: () => redirect(homePathOf(getUserInfo())) },
          ...ALL_SCREENS.map(
            (screen): RouteObject => ({
              path: screen.url,
              loader: requireScreen(screen),
              lazy: lazyComponent(pageFor(screen), screen.url),
              ErrorBoundary: RouteError,
            }),
          ),
          {
            path: USER_CENTER_PATH,
            lazy: lazyComponent(authPages[USER_CENTER_PATH], USER_CENTER_PATH),
            ErrorBoundary: RouteError,
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}
