import { act, renderHook } from '@testing-library/react';
import { MESSAGES, STORAGE_KEYS } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { getStoredLocale, i18n, registerStrings, setLocale, useLocale } from './i18n';

describe('locale', () => {
  it('defaults to Chinese and ignores an unknown stored value', () => {
    expect(getStoredLocale()).toBe('zh');
    localStorage.setItem(STORAGE_KEYS.locale, 'fr');
    expect(getStoredLocale()).toBe('zh');
    expect(i18n.language).toBe('zh');
  });

  it('switches our strings, dayjs and the page language, and remembers the choice', () => {
    setLocale('en');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(getStoredLocale()).toBe('en');
    expect(i18n.t('common.header.logout')).toBe('Log out');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Tidyhouse');

    setLocale('zh');
    expect(i18n.t('common.header.logout')).toBe('退出登录');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(document.title).toBe('Tidyhouse 管理后台');
  });

  it('re-renders useLocale callers', () => {
    const { result } = renderHook(() => useLocale());
    expect(result.current).toBe('zh');
    act(() => setLocale('en'));
    expect(result.current).toBe('en');
  });

  it("registers the contract's validation messages in both languages", () => {
    expect(i18n.t('validation.passwordMismatch')).toBe(MESSAGES.zh['validation.passwordMismatch']);
    setLocale('en');
    expect(i18n.t('validation.passwordMismatch')).toBe('The password is inconsistent twice!');
    expect(i18n.t('validation.userNameRequired')).toBe('user name is required');
  });

  it("adds a domain's strings when it registers them", () => {
    expect(i18n.exists('testdomain.area.key')).toBe(false);
    registerStrings({ en: { testdomain: { area: { key: 'Hello' } } }, zh: { testdomain: { area: { key: '你好' } } } });
    expect(i18n.exists('testdomain.area.key')).toBe(true);
    expect(i18n.getFixedT('zh')('testdomain.area.key' as 'common.app.name')).toBe('你好');
  });
});
