import type { Locale } from './constants';

/** Money is integer cents everywhere (design.md §2). These helpers convert at the edges only. */

/** Parses a decimal text such as "1,234.5" into cents; null when it is not a money amount. */
export function parseMoneyToCents(text: string): number | null {
  const value = text.replace(/[,\s$]/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] ? -cents : cents;
}

/** "1234.50" style text for a cents amount, for inputs. */
export function centsToDecimalText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.50" for display, grouped per locale; US dollars in both languages. */
export function formatCents(cents: number, locale: Locale = 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
