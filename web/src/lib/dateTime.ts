import { DEFAULT_TIME_ZONE, type Locale, todayIn } from '@tidyhouse/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useBusinessProfile } from '@/lib/businessProfile';
import { useLocale } from '@/lib/i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The one way a moment (a timestamp from the server) is written, per language. Always in the
 * business time zone (the business profile's), never the browser's: the office and the server agree
 * on what "11:23" means wherever the screen is opened.
 */
export const MOMENT_FORMATS: Record<Locale, { minutes: string; seconds: string; day: string }> = {
  en: { minutes: 'MM/DD/YYYY h:mm A', seconds: 'MM/DD/YYYY h:mm:ss A', day: 'MM/DD/YYYY' },
  zh: { minutes: 'YYYY-MM-DD HH:mm', seconds: 'YYYY-MM-DD HH:mm:ss', day: 'YYYY-MM-DD' },
};

export type MomentPrecision = keyof (typeof MOMENT_FORMATS)['en'];

/** A moment in a time zone and a language; '' for none. */
export function formatMoment(
  at: string | Date | null | undefined,
  timeZone: string,
  locale: Locale,
  precision: MomentPrecision = 'minutes',
): string {
  if (!at) return '';
  const moment = dayjs(at);
  if (!moment.isValid()) return '';
  // The English format's AM/PM in English whatever dayjs's global locale is (the Chinese format has none).
  const zoned = moment.tz(timeZone);
  return (locale === 'en' ? zoned.locale('en') : zoned).format(MOMENT_FORMATS[locale][precision]);
}

/** The business time zone, from the server's business profile (the default until it arrives). */
export function useBusinessTimeZone(): string {
  return useBusinessProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Today's business date (`YYYY-MM-DD`): the browser's clock read in the business time zone. The
 * browser's own zone never counts: at 8:24 PM in California a browser on UTC is already "tomorrow".
 */
export function businessDateAt(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now);
}

/** Today's business date as a date picker value (midnight of that day on the browser's calendar). */
export function businessToday(timeZone: string, now: Date = new Date()): Dayjs {
  return dayjs(businessDateAt(timeZone, now));
}

/** Today's business date (`YYYY-MM-DD`) on the screens: every default of a business date reads it. */
export function useBusinessDate(): string {
  return businessDateAt(useBusinessTimeZone());
}

/** Today's business date as a date picker value (the default of a payment, refund or purchase date). */
export function useBusinessToday(): Dayjs {
  return businessToday(useBusinessTimeZone());
}

/** `moment(at)`: a timestamp in the business time zone, in the user's language's one format. */
export function useMomentFormat(): (at: string | Date | null | undefined, precision?: MomentPrecision) => string {
  const timeZone = useBusinessTimeZone();
  const locale = useLocale();
  return (at, precision = 'minutes') => formatMoment(at, timeZone, locale, precision);
}
