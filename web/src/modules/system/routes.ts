import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const systemPages = pageLoaders(() => import('./strings'), {
  '/sys/positionparameter': () => import('./pages/LocationParametersPage'),
  '/sys/serviceprice': () => import('./pages/PriceListPage'),
  '/sys/labortype': () => import('./pages/LaborTypesPage'),
  '/sys/region': () => import('./pages/ZonesPage'),
  '/sys/roleauthor': () => import('./pages/RolesPage'),
  '/sys/logs': () => import('./pages/LoginTrackerPage'),
});
