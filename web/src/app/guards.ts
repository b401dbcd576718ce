import type { ScreenDef, UserInfo } from '@tidyhouse/contract';
import { data, redirect } from 'react-router';
import { getToken, getUserInfo } from '@/lib/auth';
import { fieldApp, isFieldUser } from '@/lib/fieldApp';
import { i18n } from '@/lib/i18n';
import { HOME_PATH, LOGIN_PATH } from '@/lib/navigation';
import { showError } from '@/lib/notify';

/**
 * Spec §2: any route but /login needs a stored credential; without one, a message and /login. A
 * cleaner's session (issue 21) belongs in the field app: the page is replaced by /field, and the
 * loader stays pending meanwhile so no back-office screen (or its calls) starts.
 */
export function requireSession(): null | Promise<never> {
  if (getToken() && isFieldUser(getUserInfo())) {
    fieldApp.open();
    return new Promise<never>(() => undefined);
  }
  if (getToken()) return null;
  showError(i18n.t('common.access.notLoggedIn'));
  throw redirect(LOGIN_PATH);
}

/** The urls of the stored menu list (groups and their screens). */
function menuUrls(userInfo: UserInfo): Set<string> {
  return new Set(userInfo.sysMenuList.flatMap((group) => [group.url, ...(group.children ?? []).map((child) => child.url)]));
}

/**
 * Whether the stored session opens a screen: its key among the user's keys (screens and action keys),
 * or the screen in the stored menu list. The server guards every call anyway (10003); this keeps a
 * typed or bookmarked address from showing a screen whose every call would be refused.
 */
export function canOpenScreen(userInfo: UserInfo | null, screen: ScreenDef): boolean {
  if (!userInfo) return true; // not logged in: requireSession answers
  return userInfo.permissions.includes(screen.permission) || menuUrls(userInfo).has(screen.url);
}

/** A screen route's loader: 403 (the "no access to this screen" page) when the menu does not include it. */
export function requireScreen(screen: ScreenDef): () => null {
  return () => {
    if (!getToken() || canOpenScreen(getUserInfo(), screen)) return null;
    throw data(null, { status: 403 });
  };
}

/**
 * Where "home" is for this user (`/` and every login land there): the dashboard when they may open
 * it, else the first screen of their menu, so a role without the dashboard never lands on "no access".
 */
export function homePathOf(userInfo: UserInfo | null): string {
  if (!userInfo || userInfo.permissions.includes(HOME_PATH) || menuUrls(userInfo).has(HOME_PATH)) return HOME_PATH;
  for (const entry of userInfo.sysMenuList) {
    const first = entry.children?.length ? entry.children[0]!.url : entry.url;
    if (first) return first;
  }
  return HOME_PATH;
}
