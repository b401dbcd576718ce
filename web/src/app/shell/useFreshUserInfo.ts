import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@tidyhouse/contract';
import { useEffect } from 'react';
import { clearSession, getToken, hasMenu, saveUserInfo, useSession } from '@/lib/auth';
import { fieldApp, isFieldUser } from '@/lib/fieldApp';
import { get } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { goToLogin } from '@/lib/navigation';
import { showError } from '@/lib/notify';

/**
 * Fetches the user's info each time the shell mounts, so a role change shows up, and keeps the
 * stored copy (which the menu is built from) in sync. Undefined until the answer arrives.
 */
export function useFreshUserInfo(): UserInfo | undefined {
  const { token } = useSession();
  const { data } = useQuery({
    queryKey: ['getUserInfo'],
    // Not after logout: the answer must not write a user back into an ended session.
    enabled: token !== null,
    queryFn: () => get<UserInfo>('/getUserInfo'),
    // Dropped when the shell unmounts (logout, login page): a new session never sees the last one's answer.
    gcTime: 0,
  });

  useEffect(() => {
    if (!data || !getToken()) return;
    if (hasMenu(data)) {
      saveUserInfo(data);
      return;
    }
    // A cleaner's token (issue 21): their day is in the field app, with this same session.
    if (isFieldUser(data)) {
      saveUserInfo(data);
      fieldApp.open();
      return;
    }
    // The role has lost every screen since login: refused, as at login (spec §6).
    clearSession();
    showError(i18n.t('common.access.noMenu'));
    goToLogin();
  }, [data]);

  return data;
}
