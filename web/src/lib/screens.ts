import { ALL_SCREENS, findScreen, type Locale, MENU_TREE, type ScreenDef, type Titles } from '@tidyhouse/contract';
import { useLocation } from 'react-router';
import { useLocale } from '@/lib/i18n';

/** Titles of menu groups and screens by url, from the contract's menu tree (both languages). */
const TITLES = new Map<string, Titles>();
for (const group of MENU_TREE) {
  TITLES.set(group.url, group.title);
  for (const screen of group.children) TITLES.set(screen.url, screen.title);
}

export function menuTitle(url: string, locale: Locale): string | undefined {
  return TITLES.get(url)?.[locale];
}

/**
 * The screen's title in the current language, as the user reached it: opened through a Quick Link it
 * carries the link's title ('New Customer Quote' rather than 'Prospects'), as the breadcrumb does.
 */
export function useScreenTitle(url: string): string {
  const locale = useLocale();
  const { pathname } = useLocation();
  const reachedThrough = findScreen(pathname)?.screen.permission === url ? pathname : url;
  return menuTitle(reachedThrough, locale) ?? url;
}

/**
 * A Quick Link leads to the screen whose key it carries; other screens are their own, even one that
 * shares another screen's key (Invoices opens with Customer Detail's).
 */
export function canonicalScreen(screen: ScreenDef): ScreenDef {
  if (findScreen(screen.url)?.group.url !== QUICK_LINKS) return screen;
  return ALL_SCREENS.find((candidate) => candidate.url === screen.permission) ?? screen;
}

const QUICK_LINKS = '/quick';
