import { formatCents } from '@tidyhouse/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';

/** Figures as the dashboard shows them: money with cents, minutes as hours with one decimal, basis points as a percent. */
export function useFigures() {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = (value: number, digits = 1) =>
    value.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    money: (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : formatCents(cents, locale)),
    hours: (minutes: number) => t('dashboard.page.hours', { value: number(minutes / 60) }),
    percent: (bps: number | null) => (bps === null ? '—' : `${number(bps / 100)}%`),
  };
}

/** Share of a goal for a progress bar, 0–100; null without a goal. */
export const shareOf = (value: number, goal: number): number | null =>
  goal > 0 ? Math.min(100, Math.round((value / goal) * 100)) : null;
