import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const dashboardPages = pageLoaders(() => import('./strings'), {
  '/quick/dashboard': () => import('./pages/DashboardPage'),
});
