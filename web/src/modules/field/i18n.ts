import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from './strings/en.json';
import es from './strings/es.json';
import zh from './strings/zh.json';

/**
 * The field app's languages (issue 21): English, Chinese and Spanish, chosen on the phone and kept in
 * localStorage. Its own i18next instance and strings: the back office's (en/zh, with its antd-facing
 * helpers) never load on a phone.
 */
export const FIELD_LOCALES = ['en', 'es', 'zh'] as const;
export type FieldLocale = (typeof FIELD_LOCALES)[number];
export const FIELD_STRINGS: Record<FieldLocale, typeof en> = { en, es, zh };

/** Own key: the back office keeps 'locale' (zh/en only); a phone's Spanish must not become its default. */
export const FIELD_LOCALE_KEY = 'fieldLocale';
const OFFICE_LOCALE_KEY = 'locale';

export function isFieldLocale(value: unknown): value is FieldLocale {
  return typeof value === 'string' && (FIELD_LOCALES as readonly string[]).includes(value);
}

/** The kept choice; else the office's choice on this browser; else the phone's language; else English. */
export function initialFieldLocale(languages: readonly string[] = navigator.languages ?? []): FieldLocale {
  for (const stored of [localStorage.getItem(FIELD_LOCALE_KEY), localStorage.getItem(OFFICE_LOCALE_KEY)]) {
    if (isFieldLocale(stored)) return stored;
  }
  for (const language of languages) {
    const base = language.slice(0, 2).toLowerCase();
    if (isFieldLocale(base)) return base;
  }
  return 'en';
}

/** The language the server answers the phone in: the field calls answer in all three (the office in en/zh). */
export function serverLocale(locale: FieldLocale): FieldLocale {
  return locale;
}

export const fieldI18n = i18next.createInstance();

void fieldI18n.use(initReactI18next).init({
  lng: initialFieldLocale(),
  fallbackLng: 'en',
  supportedLngs: [...FIELD_LOCALES],
  resources: { en: { translation: en }, es: { translation: es }, zh: { translation: zh } },
  // Bundled strings: synchronous, so t() works before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
/** The page's language and title follow the phone's choice. */
function applyToPage(): void {
  document.documentElement.lang = fieldI18n.language;
  document.title = FIELD_STRINGS[isFieldLocale(fieldI18n.language) ? fieldI18n.language : 'en'].app.name;
}
applyToPage();

export function currentFieldLocale(): FieldLocale {
  return isFieldLocale(fieldI18n.language) ? fieldI18n.language : 'en';
}

export function setFieldLocale(locale: FieldLocale): void {
  localStorage.setItem(FIELD_LOCALE_KEY, locale);
  void fieldI18n.changeLanguage(locale);
  applyToPage();
}

export function useFieldLocale(): FieldLocale {
  const { i18n } = useTranslation();
  return isFieldLocale(i18n.language) ? i18n.language : 'en';
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;
/** Every key of the field app's strings (a plural by its base): a key that does not exist does not compile. */
export type FieldKey = PluralBase<Leaves<typeof en>>;
export type FieldT = (key: FieldKey, options?: Record<string, unknown>) => string;

/** The field app's t(), typed by its own strings (the back office's typed keys are another set). */
export function useFieldT(): { t: FieldT; locale: FieldLocale } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as FieldT, locale: isFieldLocale(i18n.language) ? i18n.language : 'en' };
}
