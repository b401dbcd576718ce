import { pageLoaders } from '@/lib/lazyPage';
import { LOGIN_PATH, USER_CENTER_PATH } from '@/lib/navigation';

/** Login (outside the shell) and the user centre (inside it, reached from the avatar menu). */
export const authPages = pageLoaders(() => import('./strings'), {
  [LOGIN_PATH]: () => import('./pages/LoginPage'),
  [USER_CENTER_PATH]: () => import('./pages/UserCenterPage'),
});
