import { useSession } from '@/lib/auth';

/**
 * Whether the logged-in role holds a permission key (a screen url or an action key), from the stored
 * `userInfo.permissions`. The web only hides or disables what the role lacks; the server is the guard.
 */
export function useHasPermission(key: string): boolean {
  const { userInfo } = useSession();
  return userInfo?.permissions.includes(key) ?? false;
}
