import { EnvironmentOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { LOCALES, type UserInfo } from '@tidyhouse/contract';
import { Avatar, Button, Dropdown, Flex, Layout, type MenuProps, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession, useSession } from '@/lib/auth';
import { useBusinessProfile } from '@/lib/businessProfile';
import { post } from '@/lib/http';
import { isLocale, setLocale, useLocale } from '@/lib/i18n';
import { LOGIN_PATH, USER_CENTER_PATH } from '@/lib/navigation';
import { formatBusinessAddress } from './address';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** The user's info as just fetched; undefined until it arrives. */
  freshUserInfo: UserInfo | undefined;
}

/** Top bar (spec §2): menu toggle, business address, user name and role, avatar menu. */
export function HeaderBar({ collapsed, onToggle, freshUserInfo }: HeaderBarProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { userInfo } = useSession();

  const profile = useBusinessProfile();

  // Resolves only on code 0: on any other answer the session stays (spec §4).
  const logout = useMutation({
    mutationFn: () => post<null>('/loginOut'),
    onSuccess: () => {
      clearSession();
      navigate(LOGIN_PATH, { replace: true });
    },
  });

  const items: MenuProps['items'] = [
    { key: USER_CENTER_PATH, icon: <UserOutlined />, label: t('common.header.userCenter') },
    { type: 'divider' },
    ...LOCALES.map((value) => ({ key: value, label: t(`common.locale.${value}`), disabled: value === locale })),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('common.header.logout'), danger: true },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === USER_CENTER_PATH) navigate(USER_CENTER_PATH);
    else if (isLocale(key)) setLocale(key);
    else if (key === 'logout') logout.mutate();
  };

  const name = freshUserInfo?.name ?? userInfo?.name ?? '';
  // Spec §6: the role label shown before the data loads is super administrator.
  const roleName = freshUserInfo?.roleName ?? t('common.header.superAdmin');

  return (
    <Layout.Header style={{ background: token.colorBgContainer, padding: '0 16px', lineHeight: 'normal' }}>
      <Flex align="center" gap={16} style={{ height: '100%' }}>
        <Button
          type="text"
          data-testid="menu-toggle"
          aria-label={t(collapsed ? 'common.header.expandMenu' : 'common.header.collapseMenu')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        <Typography.Text type="secondary" data-testid="header-address" ellipsis style={{ flex: 1, minWidth: 0 }}>
          {profile.data ? (
            <>
              <EnvironmentOutlined /> {formatBusinessAddress(profile.data)}
            </>
          ) : null}
        </Typography.Text>
        <span data-testid="header-user">
          <Typography.Text strong>{name}</Typography.Text> <Tag color="blue">{roleName}</Tag>
        </span>
        <Dropdown menu={{ items, onClick: onMenuClick }} trigger={['click']} placement="bottomRight">
          <Button
            type="text"
            shape="circle"
            data-testid="avatar-menu"
            aria-label={t('common.header.accountMenu')}
            icon={<Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />}
          />
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
