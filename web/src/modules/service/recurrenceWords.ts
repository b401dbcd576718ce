// rrule's ESM build (what Vite and Vitest load) has named exports; its CommonJS entry only a default.
import * as rrulePackage from 'rrule';

const RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

/**
 * A stored RRULE (contract rruleOf, e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU`) as an office says it:
 * English from rrule's own `toText()` ("Every 2 weeks on Tuesday"), Chinese from `rruleZh`
 * ("每两周的周二"). A one-time pattern is "Once" / "一次". Anything unreadable stays as stored.
 */
export function recurrenceInWords(rrule: string, locale: 'en' | 'zh'): string {
  const parts = partsOf(rrule);
  if (parts.FREQ === 'DAILY' && parts.COUNT === '1') return locale === 'zh' ? '一次' : 'Once';
  if (locale === 'zh') return rruleZh(parts) ?? rrule;
  try {
    const text = RRule.fromString(rrule.replace(/^RRULE:/, '')).toText();
    return text.charAt(0).toUpperCase() + text.slice(1);
  } catch {
    return rrule;
  }
}

const partsOf = (rrule: string): Record<string, string> =>
  Object.fromEntries(
    rrule
      .replace(/^RRULE:/, '')
      .split(';')
      .filter(Boolean)
      .map((p) => p.split('=') as [string, string]),
  );

const ZH_DAYS: Record<string, string> = { MO: '周一', TU: '周二', WE: '周三', TH: '周四', FR: '周五', SA: '周六', SU: '周日' };
const ZH_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1–99 in Chinese numerals; a lone 2 before a measure word is 两 ("两周", not "二周"). */
export function zhNumber(n: number, counting = false): string {
  if (counting && n === 2) return '两';
  if (n < 10) return ZH_DIGITS[n]!;
  const [tens, ones] = [Math.floor(n / 10), n % 10];
  return `${tens === 1 ? '' : ZH_DIGITS[tens]}十${ones === 0 ? '' : ZH_DIGITS[ones]}`;
}

/** "每" + unit, with an interval its number and "的" before what follows: 每周 / 每两周的, 每月 / 每两个月的, 每三天. */
function zhEvery(unit: '天' | '周' | '个月', interval: number, followed: boolean): string {
  if (interval === 1) return `每${unit === '个月' ? '月' : unit}`;
  return `每${zhNumber(interval, true)}${unit}${followed ? '的' : ''}`;
}

/** Chinese words of the RRULE subset the product stores (daily, weekly with days, monthly by nth weekday or day). */
function rruleZh(parts: Record<string, string>): string | null {
  const interval = Number(parts.INTERVAL ?? 1);
  if (!Number.isInteger(interval) || interval < 1) return null;
  const byDay = (parts.BYDAY ?? '').split(',').filter(Boolean);
  if (parts.FREQ === 'DAILY') return zhEvery('天', interval, false);
  if (parts.FREQ === 'WEEKLY') {
    const days = byDay.map((d) => ZH_DAYS[d]);
    if (days.length === 0) return zhEvery('周', interval, false);
    if (days.some((d) => d === undefined)) return null;
    const list = days.join('、');
    // 每周二 reads as one word; with an interval: 每两周的周二.
    return interval === 1 ? `每${list}` : `${zhEvery('周', interval, true)}${list}`;
  }
  if (parts.FREQ === 'MONTHLY') {
    const every = zhEvery('个月', interval, true);
    if (parts.BYMONTHDAY) {
      const day = Number(parts.BYMONTHDAY);
      return Number.isInteger(day) && day >= 1 && day <= 31 ? `${every}${day}日` : null;
    }
    const nth = byDay.map((d) => /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(d));
    if (nth.length === 0 || nth.some((m) => m === null)) return null;
    const words = nth.map((m) => {
      const n = Number(m![1]);
      const which = n === -1 ? '最后一个' : n >= 1 && n <= 4 ? `第${zhNumber(n)}个` : null;
      return which === null ? null : `${which}${ZH_DAYS[m![2]!]}`;
    });
    if (words.some((w) => w === null)) return null;
    return `${every}${words.join('、')}`;
  }
  return null;
}
