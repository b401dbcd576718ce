import type { FieldDay } from '@tidyhouse/contract';
import { useCallback, useEffect, useState } from 'react';
import { getToken } from '@/lib/auth';
import { callApi } from './api';
import { nextDate, phoneToday } from './dayLogic';
import { currentFieldLocale, serverLocale } from './i18n';

/**
 * `/field/myDay` for today or tomorrow. The last answer is kept in localStorage, so a phone that opens
 * the app without signal (the service worker has the app itself) still shows the day.
 */
export type Which = 'today' | 'tomorrow';

const cacheKey = (which: Which) => `fieldDay:${which}`;

/** A day with the moment its request left (phone clock): actions settled after it are not in it yet. */
export type LoadedDay = FieldDay & { loadedAt: string };

export function cachedDay(which: Which): LoadedDay | null {
  try {
    const raw = localStorage.getItem(cacheKey(which));
    return raw ? (JSON.parse(raw) as LoadedDay) : null;
  } catch {
    return null;
  }
}

export function forgetDays(): void {
  localStorage.removeItem(cacheKey('today'));
  localStorage.removeItem(cacheKey('tomorrow'));
}

/**
 * The team an office user looks at (`/field?team=3`: they have no crew of their own), kept for the
 * tab's later screens; a cleaner's crew is found by the server.
 */
const TEAM_KEY = 'fieldTeam';
export function viewedTeam(search = window.location.search): number | undefined {
  const fromLink = Number(new URLSearchParams(search).get('team'));
  if (Number.isInteger(fromLink) && fromLink > 0) sessionStorage.setItem(TEAM_KEY, String(fromLink));
  const kept = Number(sessionStorage.getItem(TEAM_KEY));
  return Number.isInteger(kept) && kept > 0 ? kept : undefined;
}

export async function loadDay(which: Which, sent?: EarlyDay): Promise<LoadedDay> {
  const today = cachedDay('today')?.date ?? phoneToday();
  const teamId = viewedTeam();
  const body = { ...(which === 'tomorrow' ? { date: nextDate(today) } : {}), ...(teamId ? { teamId } : {}) };
  const loadedAt = new Date(sent?.at ?? Date.now()).toISOString();
  const day = { ...(await callApi<FieldDay>('/field/myDay', body, getToken(), sent?.response)), loadedAt };
  localStorage.setItem(cacheKey(which), JSON.stringify(day));
  return day;
}

/**
 * Today's day asked for as the app starts (main.tsx, when signed in), before React has rendered: the
 * first My day or Time screen takes this answer instead of asking again.
 */
let early: { promise: Promise<LoadedDay>; at: number } | null = null;
/** Older than this, the start-up answer is not taken (the first screen was another one). */
const EARLY_FOR_MS = 10_000;
export function preloadToday(): void {
  early = { promise: loadDay('today', takeSentEarly()), at: Date.now() };
  // A failure is the screen's to show when it asks (it asks again then).
  early.promise.catch(() => undefined);
}
/** Today's `/field/myDay` as public/field-early.js sent it, before this code had arrived. */
interface EarlyDay {
  at: number;
  lang: string;
  token: string;
  response: Promise<Response>;
}

/** The page's early request, when it asked what the app would ask now (same session, language, no team). */
export function takeSentEarly(): EarlyDay | undefined {
  const holder = window as { __fieldDayEarly?: EarlyDay };
  const sent = holder.__fieldDayEarly;
  delete holder.__fieldDayEarly;
  if (!sent || viewedTeam() !== undefined || sent.token !== getToken() || Date.now() - sent.at > EARLY_FOR_MS) return undefined;
  return sent.lang === serverLocale(currentFieldLocale()) ? sent : undefined;
}

function takeEarly(which: Which): Promise<LoadedDay> | null {
  const taken = which === 'today' && early && Date.now() - early.at < EARLY_FOR_MS ? early.promise : null;
  if (which === 'today') early = null;
  return taken;
}

export interface DayState {
  day: LoadedDay | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** The day, reloaded whenever `version` changes (the outbox settled something). */
export function useDay(which: Which, version = 0): DayState {
  const [day, setDay] = useState<LoadedDay | null>(() => cachedDay(which));
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and tick are reload signals.
  useEffect(() => {
    let live = true;
    setLoading(true);
    (takeEarly(which) ?? loadDay(which)).then(
      (answer) => {
        if (!live) return;
        setDay(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [which, version, tick]);

  return { day, error, loading, reload };
}
