/** Business constants and limits of spec §9. */
export const BASE_PATH = '/_/';
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BUTTON_GUARD_MS = 2_000;
export const MENU_COLLAPSE_BELOW_PX = 1_500;
export const DECIMAL_PLACES = 2;

export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';
/** Browser storage keys (spec §1, §3). */
export const STORAGE_KEYS = { locale: 'locale', token: 'token', userInfo: 'userInfo' } as const;
/** Where the web app sends a user after sign-in: the field app for a field-only role (issue 21). */
export const FIELD_HOME = '/field';

export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Log clearing options (spec §2, §9): entries older than the cut-off are deleted. */
export const LOG_CLEAR_OPTIONS = ['oneMonth', 'twoMonths', 'threeMonths', 'date'] as const;
export type LogClearOption = (typeof LOG_CLEAR_OPTIONS)[number];

export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('zh')) return 'zh';
  return DEFAULT_LOCALE;
}

/**
 * The languages a server answer's messages can be in: the back office's two, and Spanish, which only the
 * field app's calls answer in (the office screens stay en/zh; a key without Spanish falls back to English).
 */
export type AnswerLocale = Locale | 'es';

/** The answer language a field call asks for: Spanish when the phone asks for it, else as `pickLocale`. */
export function pickFieldAnswerLocale(header: string | undefined | null): AnswerLocale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('es') ? 'es' : pickLocale(header);
}
