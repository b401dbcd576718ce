import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const payrollPages = pageLoaders(() => import('./strings'), {
  '/employee/attendance': () => import('./pages/TimeCardPage'),
  '/employee/wages': () => import('./pages/WagesSummaryPage'),
});
