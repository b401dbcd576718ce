import { clearSession, getUserInfo } from '@/lib/auth';
import { callApi } from './api';
import { forgetDays } from './useDay';

/** The signed-in account's id: the outbox files each action under it. */
const USER_KEY = 'fieldUserId';

export function rememberUser(id: number): void {
  localStorage.setItem(USER_KEY, String(id));
}

export function currentUserId(): number | null {
  const stored = Number(localStorage.getItem(USER_KEY));
  return getUserInfo()?.id ?? (Number.isInteger(stored) && stored > 0 ? stored : null);
}

/** Ends the session on the server too; the outbox keeps this user's waiting actions for their next sign-in. */
export async function signOut(): Promise<void> {
  await callApi('/loginOut').catch(() => undefined);
  clearSession();
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem('fieldTeam');
  forgetDays();
}
