import type { UserInfo } from '@tidyhouse/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { clearSession, hasMenu, saveToken, saveUserInfo } from '@/lib/auth';
import { get, isShownError } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/navigation';
import { showError } from '@/lib/notify';
import { refuseWithoutMenu } from './refuseWithoutMenu';

/**
 * Spec §2: `/login?tk=TOKEN` stores TOKEN as the credential and fetches the user's info. With at
 * least one menu entry the user goes to the root; otherwise back to /login with the no-permission
 * message and no session.
 */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const token = new URL(request.url).searchParams.get('tk');
  if (!token) return null;
  saveToken(token);
  try {
    const userInfo = await get<UserInfo>('/getUserInfo');
    if (hasMenu(userInfo)) {
      saveUserInfo(userInfo);
      return redirect('/');
    }
    await refuseWithoutMenu(token);
    return redirect(LOGIN_PATH);
  } catch (error) {
    // The http client has shown server messages (and ended the session for an unknown token).
    if (!isShownError(error)) showError(i18n.t('common.http.failed'));
  }
  clearSession();
  return redirect(LOGIN_PATH);
}
