import type { Locale } from '@tidyhouse/contract';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/i18n';

const ANTD_LOCALES: Record<Locale, typeof enUS> = { zh: zhCN, en: enUS };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked their system for less motion (an accessibility setting); followed live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/**
 * antd's language, and its motion unless the user's system asks for less: dialogs, drawers and menus
 * then open and close without their zoom and slide. It wraps the shell (its chunk), not the whole app:
 * the login page is plain HTML, so the first load of /login carries no antd code (issue 14). Messages
 * from outside React go through antd's static API (lib/notify).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider locale={ANTD_LOCALES[useLocale()]} theme={{ token: { motion } }}>
      {children}
    </ConfigProvider>
  );
}
