import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const customersPages = pageLoaders(() => import('./strings'), {
  '/customer/customerlist': () => import('./pages/CustomerListPage'),
  '/customer/customerdetail': () => import('./pages/CustomerDetailPage'),
  '/customer/secretkey': () => import('./pages/CustomerKeysPage'),
  '/customer/connectrecord': () => import('./pages/CommunicationsLogPage'),
});
