import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColoredRef, type CustomerOptions, DEFAULT_TIME_ZONE, formatCents, type QuoteSettings } from '@tidyhouse/contract';
import { Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Helpers shared by the job, plan and task screens. */

/** Teams, employees and zones for selects (any logged-in user). */
export function useServiceOptions() {
  return useQuery({
    queryKey: ['customer', 'options'],
    queryFn: () => post<CustomerOptions>('/customer/options'),
    staleTime: 60_000,
  });
}

/** Select options of the teams (or zones, employees) of the option list. */
export const refOptions = (refs: readonly { id: number; name: string }[] | undefined) =>
  (refs ?? []).map((ref) => ({ value: ref.id, label: ref.name }));

/** The business time zone and today's business date (the same query the system screens use). */
export function useBusinessClock() {
  return useQuery({
    queryKey: ['sysParam', 'quoteSettings'],
    queryFn: () => post<QuoteSettings>('/sysParam/quoteSettings'),
    staleTime: 60_000,
  });
}

/** A moment (ISO time from the server) in the business time zone, whatever the browser's zone. */
export function useMomentText(): (at: string | null | undefined, format?: string) => string {
  // The default business zone until the settings arrive, never the browser's.
  const timeZone = useBusinessClock().data?.timeZone ?? DEFAULT_TIME_ZONE;
  return (at, format = 'YYYY-MM-DD HH:mm') => (at ? dayjs(at).tz(timeZone).format(format) : '');
}

/** Money in the user's language. */
export function useMoney() {
  const locale = useLocale();
  return (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatCents(cents, locale));
}

/** Minutes as '2 h 30 min' in the user's language. */
export function useDuration() {
  const { t } = useTranslation();
  return (minutes: number | null | undefined) => durationText(t, minutes);
}

/** Minutes in words ("2 h 30 min"), with a `t` the caller already holds (the board passes one to its blocks). */
export function durationText(t: TFunction, minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('common.duration.minutes', { count: rest });
  return rest === 0 ? t('common.duration.hours', { count: hours }) : t('common.duration.hoursMinutes', { hours, minutes: rest });
}

/** A team or zone with its colour. */
export function ColorTag({ value }: { value: ColoredRef | null | undefined }) {
  if (!value) return null;
  return <Tag color={value.color}>{value.name}</Tag>;
}

export const toIsoDate = (value: Dayjs | null | undefined): string | null => (value ? value.format('YYYY-MM-DD') : null);
export const fromIsoDate = (value: string | null | undefined): Dayjs | null => (value ? dayjs(value) : null);

/** A wall-clock time 'HH:mm' ↔ the time picker's value (a Dayjs on any day). */
export const toTimeText = (value: Dayjs | null | undefined): string | null => (value ? value.format('HH:mm') : null);
export const fromTimeText = (value: string | null | undefined): Dayjs | null =>
  value && /^\d{2}:\d{2}$/.test(value) ? dayjs(`2000-01-01T${value}:00`) : null;

/** Empty text as null for optional ids and text sent to the server. */
export const orNull = <T,>(value: T | undefined | null | ''): T | null => (value === undefined || value === '' ? null : value);

/** Refreshes lists by url and any detail whose key starts with one of `details`. */
export function useInvalidate() {
  const client = useQueryClient();
  return (urls: readonly string[], details: readonly (readonly unknown[])[] = []) => {
    for (const url of urls) void client.invalidateQueries({ queryKey: listQueryKey(url) });
    for (const queryKey of details) void client.invalidateQueries({ queryKey: [...queryKey] });
  };
}

/** A string key built at run time from a contract enum (the locale test keeps en and zh alike). */
export function useLooseT(): (key: string, options?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return t as unknown as (key: string, options?: Record<string, unknown>) => string;
}
