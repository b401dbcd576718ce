import { STORAGE_KEYS, type UserInfo } from '@tidyhouse/contract';
import { useSyncExternalStore } from 'react';

/** The session (spec §3, §4): the token and the user info, both in localStorage. */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes our session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.userInfo) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) || null;
}

export function saveToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  notify();
}

// Parsed once per stored text, so the snapshot stays the same object until the storage changes.
let cachedUserInfo: { raw: string | null; value: UserInfo | null } = { raw: null, value: null };

export function getUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
  if (raw !== cachedUserInfo.raw) cachedUserInfo = { raw, value: parseUserInfo(raw) };
  return cachedUserInfo.value;
}

/**
 * A light shape check of what we stored ourselves (it came from the server's typed answer); enough to
 * survive a hand-edited or older entry. Not the contract's Zod schema, to keep Zod out of the first load.
 */
function parseUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserInfo(value) ? value : null;
  } catch {
    return null;
  }
}

function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.id === 'number' &&
    typeof info.uname === 'string' &&
    typeof info.name === 'string' &&
    typeof info.roleName === 'string' &&
    Array.isArray(info.permissions) &&
    Array.isArray(info.sysMenuList)
  );
}

export function saveUserInfo(userInfo: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
  notify();
}

export function saveSession(token: string, userInfo: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  saveUserInfo(userInfo);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  notify();
}

export function hasMenu(userInfo: UserInfo | null): boolean {
  return (userInfo?.sysMenuList.length ?? 0) > 0;
}

export interface Session {
  token: string | null;
  userInfo: UserInfo | null;
}

/** The session, re-rendering the caller when it changes (in this tab or another). */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribeSession, getToken);
  const userInfo = useSyncExternalStore(subscribeSession, getUserInfo);
  return { token, userInfo };
}
