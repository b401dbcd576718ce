import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ColoredRef, type CustomerOptions, formatCents } from '@tidyhouse/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { useLocale } from '@/lib/i18n';

/** Helpers shared by the customer screens: option lists, enum titles, tags, formats. */

export const OPTIONS_URL = '/customer/options';

/** Teams, employees, zones and channels for selects (any logged-in user). */
export function useCustomerOptions() {
  return useQuery({
    queryKey: ['customer', 'options'],
    queryFn: () => post<CustomerOptions>(OPTIONS_URL),
    staleTime: 60_000,
  });
}

/** Enum groups whose titles live under customers.enums.<group>.<value> in the locale files. */
export type EnumGroup =
  | 'status'
  | 'source'
  | 'contactMethod'
  | 'invoiceType'
  | 'paymentMethod'
  | 'frequency'
  | 'houseType'
  | 'keyLocation'
  | 'codeField'
  | 'refundReason'
  | 'refundStatus'
  | 'connectStatus'
  | 'connectType'
  | 'connectPurpose'
  | 'paymentKind'
  | 'keyAction'
  | 'language';

/** The title of one enum value in the current language ('' for null). */
export function useEnumTitle() {
  const { t } = useTranslation();
  // The keys are built from the contract's enums; locales.test checks en and zh have the same keys.
  const loose = t as unknown as (key: string) => string;
  return (group: EnumGroup, value: string | null | undefined) => (value ? loose(`customers.enums.${group}.${value}`) : '');
}

/** Select options for an enum. */
export function useEnumOptions(group: EnumGroup, values: readonly string[]) {
  const title = useEnumTitle();
  return values.map((value) => ({ value, label: title(group, value) }));
}

export const STATUS_COLORS: Record<string, string> = { prospect: 'blue', active: 'green', inactive: 'default' };

/** A zone or team with its colour. */
export function ColorTag({ value, maxWidth }: { value: ColoredRef | null | undefined; maxWidth?: number }) {
  if (!value) return null;
  // Past maxWidth the name is cut with an ellipsis and shown whole on hover (lists at 1600 px).
  const cut = maxWidth ? { maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } : undefined;
  return (
    <Tag color={value.color} style={cut} title={maxWidth ? value.name : undefined}>
      {value.name}
    </Tag>
  );
}

/** A business date 'YYYY-MM-DD' as is; a timestamp in local time. */
export const showDate = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

/** Money in the user's language. */
export function useMoney() {
  const locale = useLocale();
  return (cents: number) => formatCents(cents, locale);
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** The file's content as base64 text (without the data-URL prefix). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = String(reader.result);
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Invalidates lists by url and the customer's detail (its counts and balance follow every change). */
export function useInvalidate() {
  const client = useQueryClient();
  return (...urls: string[]) => {
    for (const url of urls) void client.invalidateQueries({ queryKey: listQueryKey(url) });
    void client.invalidateQueries({ queryKey: ['customer', 'detail'] });
  };
}

/** Empty text as null for optional ids / dates sent to the server. */
export const orNull = <T,>(value: T | undefined | null | ''): T | null => (value === undefined || value === '' ? null : value);
