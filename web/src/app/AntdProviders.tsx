import type { Locale } from '@tidyhouse/contract';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from '@/lib/i18n';

const ANTD_LOCALES: Record<Locale, typeof enUS> = { zh: zhCN, en: enUS };

/**
 * antd's language. It wraps the shell (its chunk), not the whole app: the login page is plain HTML,
 * so the first load of /login carries no antd code (issue 14). Messages from outside React go
 * through antd's static API (lib/notify).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={ANTD_LOCALES[useLocale()]}>{children}</ConfigProvider>;
}
