import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const salesPages = pageLoaders(() => import('./strings'), {
  '/sales/newcustomerquotat': () => import('./pages/NewQuotePage'),
  '/sales/quotationlist': () => import('./pages/QuoteListPage'),
});
