import { act, renderHook } from '@testing-library/react';
import { STORAGE_KEYS } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { userInfo } from '@/test/fixtures';
import { clearSession, getToken, getUserInfo, hasMenu, saveSession, saveToken, useSession } from './auth';

describe('session storage', () => {
  it('keeps the token and the user info in localStorage under the contract keys', () => {
    saveSession('tok', userInfo());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? 'null')).toMatchObject({ uname: 'ada' });
    expect(getToken()).toBe('tok');
    expect(getUserInfo()?.name).toBe('Ada Lovelace');
  });

  it('clears both', () => {
    saveSession('tok', userInfo());
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('reads damaged or foreign user info as none', () => {
    localStorage.setItem(STORAGE_KEYS.userInfo, '{not json');
    expect(getUserInfo()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ id: 'x', sysMenuList: 'nope' }));
    expect(getUserInfo()).toBeNull();
  });

  it('returns the same object until the stored text changes', () => {
    saveSession('tok', userInfo());
    expect(getUserInfo()).toBe(getUserInfo());
  });

  it('tells whether a user has any menu entry', () => {
    expect(hasMenu(userInfo())).toBe(true);
    expect(hasMenu(userInfo({ sysMenuList: [] }))).toBe(false);
    expect(hasMenu(null)).toBe(false);
  });
});

describe('useSession', () => {
  it('re-renders on login, token renewal and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ token: null, userInfo: null });
    act(() => saveSession('tok', userInfo()));
    expect(result.current.token).toBe('tok');
    expect(result.current.userInfo?.uname).toBe('ada');
    act(() => saveToken('renewed'));
    expect(result.current.token).toBe('renewed');
    act(() => clearSession());
    expect(result.current).toEqual({ token: null, userInfo: null });
  });

  it('follows another tab through the storage event', () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      localStorage.setItem(STORAGE_KEYS.token, 'from-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    expect(result.current.token).toBe('from-other-tab');
  });
});
