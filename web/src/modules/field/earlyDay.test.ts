import { afterEach, describe, expect, it } from 'vitest';
import { saveToken } from '@/lib/auth';
import { currentFieldLocale } from './i18n';
import { takeSentEarly } from './useDay';

type Holder = { __fieldDayEarly?: { at: number; lang: string; token: string; response: Promise<Response> } };
const sent = (over: Partial<NonNullable<Holder['__fieldDayEarly']>> = {}) => {
  (window as Holder).__fieldDayEarly = {
    at: Date.now(),
    lang: currentFieldLocale(),
    token: 'tok-1',
    response: Promise.resolve(new Response('{}')),
    ...over,
  };
};

describe("the page's early request for today (public/field-early.js)", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is taken once when it asked what the app would ask', () => {
    saveToken('tok-1');
    sent();
    expect(takeSentEarly()?.token).toBe('tok-1');
    expect(takeSentEarly()).toBeUndefined();
  });

  it('is left when the session, the language or the viewed team differ, or it is stale', () => {
    saveToken('tok-1');
    sent({ token: 'tok-0' });
    expect(takeSentEarly()).toBeUndefined();
    sent({ lang: currentFieldLocale() === 'es' ? 'zh' : 'es' });
    expect(takeSentEarly()).toBeUndefined();
    sent({ at: Date.now() - 60_000 });
    expect(takeSentEarly()).toBeUndefined();
    sessionStorage.setItem('fieldTeam', '3');
    sent();
    expect(takeSentEarly()).toBeUndefined();
  });
});
