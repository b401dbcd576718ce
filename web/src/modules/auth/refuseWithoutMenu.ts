import { clearSession, saveToken } from '@/lib/auth';
import { post } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { showError } from '@/lib/notify';

/**
 * Spec §2: a user without menu entries is refused. The login already opened a session on the
 * server; it is ended there too, not only forgotten by the browser.
 */
export async function refuseWithoutMenu(token: string): Promise<void> {
  saveToken(token);
  await post('/loginOut').catch(() => undefined);
  clearSession();
  showError(i18n.t('common.access.noMenu'));
}
