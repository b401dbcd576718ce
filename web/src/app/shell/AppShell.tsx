import { HomeOutlined } from '@ant-design/icons';
import { App, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLocale } from '@/lib/i18n';
import { AntdProviders } from '../AntdProviders';
import { AppBreadcrumb } from './AppBreadcrumb';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { useFreshUserInfo } from './useFreshUserInfo';
import { useMenuCollapse } from './useMenuCollapse';

/** The layout shell of spec §2: menu on the left, top bar, breadcrumb, then the screen. */
export function AppShell() {
  const { t } = useTranslation();
  // English menu labels ("Customer Management") need more room than Chinese ones (issue 8 item 11).
  const siderWidth = useLocale() === 'en' ? 272 : 232;
  const freshUserInfo = useFreshUserInfo();
  const { collapsed, toggle } = useMenuCollapse();

  // antd App gives the screens their modal (confirmations); it lives here, not in the providers,
  // so that /login does not load modal and notification code.
  return (
    <AntdProviders>
      <App>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider
            data-testid="sider"
            data-collapsed={String(collapsed)}
            collapsed={collapsed}
            trigger={null}
            collapsible
            width={siderWidth}
            style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}
          >
            <Flex align="center" justify="center" gap={8} style={{ height: 64, color: '#fff' }}>
              <HomeOutlined style={{ fontSize: 20 }} />
              {collapsed ? null : (
                <Typography.Text strong style={{ color: 'inherit', fontSize: 16 }}>
                  {t('common.app.name')}
                </Typography.Text>
              )}
            </Flex>
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
          <Layout>
            <HeaderBar collapsed={collapsed} onToggle={toggle} freshUserInfo={freshUserInfo} />
            <AppBreadcrumb />
            <Layout.Content style={{ margin: 16 }}>
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
      </App>
    </AntdProviders>
  );
}
