import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const billingPages = pageLoaders(() => import('./strings'), {
  '/customer/invoices': () => import('./pages/InvoicesPage'),
  '/customer/aging': () => import('./pages/AgingPage'),
});
