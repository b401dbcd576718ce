import { ALL_SCREENS, type BusinessProfile, buildMenu, type MenuEntry, type UserInfo } from '@tidyhouse/contract';

const everyKey = new Set(ALL_SCREENS.map((screen) => screen.permission));

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    uname: 'ada',
    name: 'Ada Lovelace',
    roleName: 'Office manager',
    userRole: 'office',
    permissions: [...everyKey],
    sysMenuList: buildMenu(everyKey, 'zh'),
    ...overrides,
  };
}

/** A menu holding only the given screens, with server titles unlike the contract's (titles must come from it). */
export function menuOf(...urls: string[]): MenuEntry[] {
  return buildMenu(new Set(urls), 'en').map((group) => ({
    ...group,
    title: `server ${group.url}`,
    children: group.children?.map((child) => ({ ...child, title: `server ${child.url}` })),
  }));
}

export const businessProfile: BusinessProfile = {
  name: 'Tidyhouse Cleaning',
  street: '1200 Market St',
  suite: 'Suite 210',
  city: 'San Jose',
  state: 'CA',
  zip: '95112',
  phone: '408-555-0100',
  timeZone: 'America/Los_Angeles',
};
