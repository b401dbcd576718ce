import { describe, expect, it } from 'vitest';
import { ALL_SCREENS, buildMenu, MENU_TREE } from './menu';
import { ACTION_KEYS, ALL_PERMISSION_KEYS, SCREEN_KEYS } from './permissions';

const SPEC_ROUTES = [
  '/quick/dashboard',
  '/quick/customerlist',
  '/quick/schedule',
  '/quick/newcustomerquotat',
  '/quick/dailyallocation',
  '/sales/newcustomerquotat',
  '/sales/quotationlist',
  '/customer/connectrecord',
  '/customer/customerlist',
  '/customer/customerdetail',
  '/customer/secretkey',
  '/customer/invoices',
  '/customer/aging',
  '/employee/attendance',
  '/employee/dailyallocation',
  '/employee/employeelist',
  '/employee/employeelist/add',
  '/employee/employeelist/update',
  '/employee/teambuilding',
  '/employee/wages',
  '/service/planlist',
  '/service/schedule',
  '/service/tasklist',
  '/service/worklist',
  '/service/workdeatil',
  '/office/completionconfirmat',
  '/office/confirmshutdown',
  '/office/creditcardcollection',
  '/office/cardreconciliation',
  '/office/dailyschedule',
  '/office/messages',
  '/marketing/channellist',
  '/marketing/giftcertificate',
  '/sys/labortype',
  '/sys/logs',
  '/sys/messagetemplate',
  '/sys/positionparameter',
  '/sys/region',
  '/sys/roleauthor',
  '/sys/serviceprice',
];

describe('menu tree of spec §2', () => {
  // Plus the billing screens of issue 19 (Invoices, Accounts Receivable).
  it('has the 8 groups and exactly the spec routes', () => {
    expect(MENU_TREE).toHaveLength(8);
    expect(ALL_SCREENS.map((s) => s.url).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('gives every entry an icon and both titles', () => {
    for (const entry of [...MENU_TREE, ...ALL_SCREENS]) {
      expect(entry.icon).toMatch(/Outlined$/);
      expect(entry.title.en.length).toBeGreaterThan(0);
      expect(entry.title.zh.length).toBeGreaterThan(0);
    }
  });

  it('points every quick link at a real screen key', () => {
    for (const screen of ALL_SCREENS) expect(SCREEN_KEYS).toContain(screen.permission);
    expect(SCREEN_KEYS).not.toContain('/quick/customerlist');
  });

  it('builds the menu of a role from its keys, dropping empty groups', () => {
    const menu = buildMenu(new Set(['/customer/customerlist', '/sys/logs']), 'en');
    expect(menu.map((g) => g.url)).toEqual(['/quick', '/customer', '/sys']);
    expect(menu[0]!.children!.map((c) => c.url)).toEqual(['/quick/customerlist']);
    expect(menu[2]!.children![0]!.title).toBe('Login Tracker');
    expect(buildMenu(new Set(), 'zh')).toEqual([]);
    expect(buildMenu(new Set(['/sys/logs']), 'zh')[0]!.title).toBe('系统设置');
  });

  it('lists each permission key once, action keys under real screens', () => {
    expect(new Set(ALL_PERMISSION_KEYS).size).toBe(ALL_PERMISSION_KEYS.length);
    for (const action of ACTION_KEYS) expect(SCREEN_KEYS).toContain(action.screen);
  });
});
