import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const employeesPages = pageLoaders(() => import('./strings'), {
  '/employee/employeelist': () => import('./pages/EmployeeListPage'),
  '/employee/employeelist/add': () => import('./pages/EmployeeAddPage'),
  '/employee/employeelist/update': () => import('./pages/EmployeeEditPage'),
  '/employee/teambuilding': () => import('./pages/TeamBuilderPage'),
});
