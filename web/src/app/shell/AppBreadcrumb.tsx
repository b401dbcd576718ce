import { HomeOutlined } from '@ant-design/icons';
import { findScreen } from '@tidyhouse/contract';
import { Breadcrumb, type BreadcrumbProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '@/lib/i18n';
import { HOME_PATH, USER_CENTER_PATH } from '@/lib/navigation';

/** Home icon (to the dashboard), then the current screen's menu group and title (spec §2). */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const found = findScreen(pathname);

  const items: NonNullable<BreadcrumbProps['items']> = [
    {
      title: (
        <Link to={HOME_PATH} aria-label={t('common.header.home')}>
          <HomeOutlined />
        </Link>
      ),
    },
  ];
  if (found) items.push({ title: found.group.title[locale] }, { title: found.screen.title[locale] });
  else if (pathname === USER_CENTER_PATH) items.push({ title: t('common.header.userCenter') });

  return <Breadcrumb data-testid="breadcrumb" items={items} style={{ margin: '12px 16px 0' }} />;
}
