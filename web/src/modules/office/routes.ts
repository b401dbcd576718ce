import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const officePages = pageLoaders(() => import('./strings'), {
  '/office/dailyschedule': () => import('./pages/StartOfDayPage'),
  '/office/completionconfirmat': () => import('./pages/JobCompletionPage'),
  '/office/confirmshutdown': () => import('./pages/CloseDayPage'),
  '/office/creditcardcollection': () => import('./pages/CardQueuePage'),
  '/office/cardreconciliation': () => import('./pages/CardReconciliationPage'),
});
