import { Code, type Envelope, type UserInfo } from '@tidyhouse/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { clearSession, hasMenu, saveToken, saveUserInfo } from '@/lib/auth';
import { fieldApp, isFieldUser } from '@/lib/fieldApp';
import { apiUrl } from '@/lib/http';
import { currentLocale, i18n } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/navigation';
import { refuseWithoutMenu } from './refuseWithoutMenu';

/** What the login page shows when a `?tk=` link did not log the user in. */
export interface LoginLoaderData {
  linkError: string;
}

/**
 * Spec §2: `/login?tk=TOKEN` stores TOKEN as the credential and fetches the user's info. With at
 * least one menu entry the user goes to the root; a cleaner to the field app (issue 21); otherwise back
 * to /login with the no-permission message and no session. A token the server does not accept (unknown, expired, a blocked account)
 * leaves the user on the login page with the server's reason on the page itself (issue 8 item 12):
 * the user info is fetched here, not through the http client, whose session handling would move
 * on to a bare /login and lose the message.
 */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<Response | LoginLoaderData | null> {
  const token = new URL(request.url).searchParams.get('tk');
  if (!token) return null;
  let envelope: Envelope<UserInfo> | null = null;
  try {
    const response = await fetch(apiUrl('/getUserInfo'), {
      headers: { Authorization: token, 'Accept-Language': currentLocale() },
    });
    envelope = (await response.json()) as Envelope<UserInfo>;
  } catch {
    envelope = null;
  }
  if (envelope?.code === Code.OK) {
    const userInfo = envelope.data;
    if (isFieldUser(userInfo)) {
      saveToken(token);
      saveUserInfo(userInfo);
      fieldApp.open();
      return null;
    }
    if (hasMenu(userInfo)) {
      saveToken(token);
      saveUserInfo(userInfo);
      return redirect('/');
    }
    await refuseWithoutMenu(token);
    return redirect(LOGIN_PATH);
  }
  clearSession();
  return { linkError: i18n.t('common.access.linkFailed', { reason: envelope?.message || i18n.t('common.http.failed') }) };
}
