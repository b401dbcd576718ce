import type { Locale, MenuEntry } from '@tidyhouse/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/auth';
import { useLocale } from '@/lib/i18n';
import { menuTitle } from '@/lib/screens';
import { menuIcon } from './menuIcons';

type MenuItems = NonNullable<MenuProps['items']>;

/** Menu items from the stored menu list; titles come from the contract so a language switch is instant. */
export function toMenuItems(entries: readonly MenuEntry[], locale: Locale): MenuItems {
  return entries.map((entry) => ({
    key: entry.url,
    icon: menuIcon(entry.icon),
    label: menuTitle(entry.url, locale) ?? entry.title,
    ...(entry.children?.length ? { children: toMenuItems(entry.children, locale) } : {}),
  }));
}

function groupContaining(entries: readonly MenuEntry[], url: string): string | undefined {
  return entries.find((group) => group.children?.some((child) => child.url === url))?.url;
}

/** The left menu (spec §2): built from the user's sysMenuList, one submenu open at a time. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { userInfo } = useSession();
  const locale = useLocale();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = userInfo?.sysMenuList ?? [];
  const items = useMemo(() => toMenuItems(entries, locale), [entries, locale]);

  const activeGroup = groupContaining(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  // Arriving on a screen from elsewhere (breadcrumb, link) opens its group.
  useEffect(() => {
    if (activeGroup) setOpenKeys([activeGroup]);
  }, [activeGroup]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [opened] : keys);
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      // 20 px steps, not 24: "Employee Daily Assignments" fits the English menu whole (issue 23 item 5).
      inlineIndent={20}
      items={items}
      selectedKeys={[pathname]}
      // While collapsed, antd shows submenus as pop-ups and keeps the inline open state itself.
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      onClick={({ key }) => navigate(key)}
    />
  );
}
