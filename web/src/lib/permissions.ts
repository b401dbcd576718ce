import { useSession } from '@/lib/auth';

/**
 * True when the logged-in user's role holds the permission key (a menu url or an action key such as
 * 'customer:keys:reveal'). The web only hides or disables actions with it; the server is the guard.
 */
export function useHasPermission(key: string): boolean {
  const { userInfo } = useSession();
  return userInfo?.permissions.includes(key) ?? false;
}
