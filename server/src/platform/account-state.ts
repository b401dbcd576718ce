import type { MessageKey } from './messages';

export interface AccountState {
  status: string;
  accountStatus: string;
  enabled: boolean;
  deletedAt: Date | null;
  roleEnabled: boolean;
  roleDeletedAt: Date | null;
}

/** Why an account may not be used (code 9999), or null when it may. */
export function accountBlock(a: AccountState): MessageKey | null {
  if (a.deletedAt || !a.enabled) return 'error.accountDisabled';
  if (a.status === 'terminated') return 'error.accountTerminated';
  if (a.accountStatus === 'frozen') return 'error.accountFrozen';
  if (!a.roleEnabled || a.roleDeletedAt) return 'error.roleDisabled';
  return null;
}
