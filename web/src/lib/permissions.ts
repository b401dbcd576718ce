import { useSession } from '@/lib/auth';

/**
 * Whether the logged-in user's role holds a permission key (a screen url or an action key of the
 * contract). The web only hides or disables what the role lacks; the server is the guard that counts.
 */
export function useHasPermission(key: string): boolean {
  const { userInfo } = useSession();
  return userInfo?.permissions.includes(key) ?? false;
}
