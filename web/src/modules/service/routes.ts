import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const servicePages = pageLoaders(() => import('./strings'), {
  '/employee/dailyallocation': () => import('./assignments/DailyAssignmentsPage'),
  '/service/worklist': () => import('./jobs/JobListPage'),
  '/service/workdeatil': () => import('./jobs/JobDetailPage'),
  '/service/planlist': () => import('./plans/PlanListPage'),
  '/service/tasklist': () => import('./tasks/TaskListPage'),
  '/service/schedule': () => import('./board/ScheduleBoardPage'),
});
