import { redirect } from 'react-router';
import { getToken } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { LOGIN_PATH } from '@/lib/navigation';
import { showError } from '@/lib/notify';

/** Spec §2: any route but /login needs a stored credential; without one, a message and /login. */
export function requireSession(): null {
  if (getToken()) return null;
  showError(i18n.t('common.access.notLoggedIn'));
  throw redirect(LOGIN_PATH);
}
