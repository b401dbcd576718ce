import { useQuery } from '@tanstack/react-query';
import type { QuoteSettings, Titles } from '@tidyhouse/contract';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MomentPrecision, useBusinessDate, useMomentFormat } from '@/lib/dateTime';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';

/** A yes / no list filter: '' (any), 'yes' or 'no' in the search form, a boolean or nothing in the request. */
export type FlagFilter = 'yes' | 'no' | undefined;
export const flagOf = (value: FlagFilter | '' | null): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined;

/** A select of any / yes / no with the words of the column it filters (Active / Inactive, …). */
export function FlagSelect({
  yes,
  no,
  value,
  onChange,
  ...rest
}: {
  yes: string;
  no: string;
  value?: FlagFilter;
  onChange?: (value: FlagFilter) => void;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<FlagFilter>
      {...rest}
      value={value}
      onChange={onChange}
      allowClear
      placeholder={t('common.list.any')}
      style={{ width: 140 }}
      options={[
        { value: 'yes', label: yes },
        { value: 'no', label: no },
      ]}
    />
  );
}

/** A flag shown as a tag: green when set. */
export function FlagTag({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Tag color={value ? 'green' : 'default'}>{value ? yes : no}</Tag>;
}

/** Picks the user's language from a record's English and Chinese names. */
export function useLocalName(): (record: { nameEn: string; nameZh: string }) => string {
  const locale = useLocale();
  return (record) => (locale === 'zh' ? record.nameZh || record.nameEn : record.nameEn || record.nameZh);
}

/** A contract title in the user's language. */
export function useTitle(): (titles: Titles | undefined, fallback?: string) => string {
  const locale = useLocale();
  return (titles, fallback = '') => titles?.[locale] ?? fallback;
}

/** The quote settings every screen may read (quote parameters, sales tax, time zone, today's business date). */
export const QUOTE_SETTINGS_QUERY_KEY = ['sysParam', 'quoteSettings'] as const;
export function useQuoteSettings() {
  return useQuery({
    queryKey: QUOTE_SETTINGS_QUERY_KEY,
    queryFn: () => post<QuoteSettings>('/sysParam/quoteSettings'),
    staleTime: 60_000,
  });
}

/** Today's date in the business time zone (`YYYY-MM-DD`): the browser's clock read in that zone (lib/dateTime). */
export function useBusinessToday(): string {
  return useBusinessDate();
}

/**
 * A moment (an ISO time from the server) as the business sees it: in the business time zone, the one
 * the log filters and effective dates use, whatever the browser's zone.
 */
export function useMomentText(): (at: string, precision?: MomentPrecision) => string {
  const moment = useMomentFormat();
  // The logs keep the seconds; the format is otherwise the one of every screen (lib/dateTime).
  return (at, precision = 'seconds') => moment(at, precision);
}
