import type { UserInfo } from '@tidyhouse/contract';
import { useSession } from '@/lib/auth';

/**
 * Whether the stored user info holds a permission key (a screen url or an action key). The web only
 * hides or disables what a role lacks; the server is the guard that counts.
 */
export function hasPermission(userInfo: UserInfo | null, key: string): boolean {
  return userInfo?.permissions.includes(key) ?? false;
}

/** `hasPermission` for the logged-in user, re-rendering when the stored user info changes. */
export function useHasPermission(key: string): boolean {
  const { userInfo } = useSession();
  return hasPermission(userInfo, key);
}
