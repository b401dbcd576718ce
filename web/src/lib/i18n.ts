import { DEFAULT_LOCALE, LOCALES, type Locale, MESSAGES, type MessageKey, STORAGE_KEYS } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import commonEn from '@/locales/en.json';
import commonZh from '@/locales/zh.json';

/** A JSON locale file: nested objects whose leaves are strings. */
export interface LocaleTree {
  [key: string]: string | LocaleTree;
}

/** One domain's strings in both languages (its `locales/en.json` and `locales/zh.json`). */
export type DomainStrings = Record<Locale, LocaleTree>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function getStoredLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The contract's messages (spec §5 `validation.*`, field rules `rule.*`) nested by prefix, so forms
 * translate them with the same `t()` as every other string. The contract keys are flat ('validation.phoneRequired').
 */
function validationTree(locale: Locale): LocaleTree {
  const tree: Record<string, LocaleTree> = {};
  for (const [key, text] of Object.entries(MESSAGES[locale]) as [MessageKey, string][]) {
    const dot = key.indexOf('.');
    const prefix = key.slice(0, dot);
    tree[prefix] ??= {};
    tree[prefix][key.slice(dot + 1)] = text;
  }
  return tree;
}

const DAYJS_LOCALE: Record<Locale, string> = { zh: 'zh-cn', en: 'en' };

/** What follows our language outside React: dates, the page's lang and its title. */
function applyLocaleSideEffects(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
  document.documentElement.lang = locale;
  document.title = i18next.getFixedT(locale)('common.app.name');
}

const initialLocale = getStoredLocale();

void i18next.use(initReactI18next).init({
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: {
    en: { translation: { ...commonEn, ...validationTree('en') } },
    zh: { translation: { ...commonZh, ...validationTree('zh') } },
  },
  // Resources are bundled, so initialise synchronously: t() works before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { bindI18nStore: 'added' },
});

export const i18n = i18next;
applyLocaleSideEffects(initialLocale);

const registered = new WeakSet<DomainStrings>();

/** Registers a domain's strings; called when the domain's lazy chunk loads (once per domain). */
export function registerStrings(strings: DomainStrings): void {
  // Each registration re-renders every translated component, so a domain registers only once.
  if (registered.has(strings)) return;
  registered.add(strings);
  for (const locale of LOCALES) {
    i18next.addResourceBundle(locale, 'translation', strings[locale], true, true);
  }
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/** Switches our strings, antd (through the provider, which re-renders) and dayjs; survives reload. */
export function setLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  void i18next.changeLanguage(locale);
  applyLocaleSideEffects(locale);
}

/** The current locale, re-rendering the caller when it changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
