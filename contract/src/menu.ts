import type { Locale } from './constants';

/** Web module (business domain) that renders a screen; the same names as the server's modules. */
export type Domain =
  | 'dashboard'
  | 'sales'
  | 'customers'
  | 'employees'
  | 'payroll'
  | 'service'
  | 'office'
  | 'marketing'
  | 'billing'
  | 'messaging'
  | 'system';

export type Titles = Record<Locale, string>;

export interface ScreenDef {
  url: string;
  icon: string;
  title: Titles;
  domain: Domain;
  /**
   * The permission key that opens this screen. Screens are their own key; Quick Links are
   * shortcuts that carry the key of the screen they lead to. A screen outside Quick Links may share
   * another screen's key when the server reads its data with that key (Invoices: Customer Detail's).
   */
  permission: string;
}

export interface MenuGroupDef {
  url: string;
  icon: string;
  title: Titles;
  children: ScreenDef[];
}

const screen = (url: string, icon: string, en: string, zh: string, domain: Domain, permission = url): ScreenDef => ({
  url,
  icon,
  title: { en, zh },
  domain,
  permission,
});

/** The whole menu tree of spec §2: 8 groups. Every route of the spec is an entry here. */
export const MENU_TREE: readonly MenuGroupDef[] = [
  {
    url: '/quick',
    icon: 'ThunderboltOutlined',
    title: { en: 'Quick Links', zh: '快捷入口' },
    children: [
      screen('/quick/dashboard', 'DashboardOutlined', 'My Dashboard', '我的仪表盘', 'dashboard'),
      screen('/quick/customerlist', 'ContactsOutlined', 'Customer List', '客户列表', 'customers', '/customer/customerlist'),
      screen('/quick/schedule', 'CalendarOutlined', 'Schedule Board', '排班看板', 'service', '/service/schedule'),
      screen(
        '/quick/newcustomerquotat',
        'FileAddOutlined',
        'New Customer Quote',
        '新客户报价',
        'sales',
        '/sales/newcustomerquotat',
      ),
      screen(
        '/quick/dailyallocation',
        'CarryOutOutlined',
        'Employee Daily Assignments',
        '员工每日分配',
        'employees',
        '/employee/dailyallocation',
      ),
    ],
  },
  {
    url: '/sales',
    icon: 'DollarOutlined',
    title: { en: 'Sales', zh: '销售管理' },
    children: [
      screen('/sales/newcustomerquotat', 'UserAddOutlined', 'Prospects', '潜在客户', 'sales'),
      screen('/sales/quotationlist', 'FileSearchOutlined', 'Past Quotes', '历史报价', 'sales'),
    ],
  },
  {
    url: '/customer',
    icon: 'ContactsOutlined',
    title: { en: 'Customer Management', zh: '客户管理' },
    children: [
      screen('/customer/customerlist', 'UnorderedListOutlined', 'Customer List', '客户列表', 'customers'),
      screen('/customer/customerdetail', 'IdcardOutlined', 'Customer Detail', '客户详情', 'customers'),
      screen('/customer/secretkey', 'KeyOutlined', 'Customer Key List', '客户钥匙列表', 'customers'),
      screen('/customer/connectrecord', 'MessageOutlined', 'Communications Log', '沟通记录', 'customers'),
      // Invoices are read with the Customer Detail key (the server's /invoice/* reads use it too).
      screen('/customer/invoices', 'FileDoneOutlined', 'Invoices', '发票', 'billing', '/customer/customerdetail'),
      screen('/customer/aging', 'HourglassOutlined', 'Accounts Receivable', '应收账款', 'billing'),
    ],
  },
  {
    url: '/employee',
    icon: 'TeamOutlined',
    title: { en: 'Employee Management', zh: '员工管理' },
    children: [
      screen('/employee/employeelist', 'SolutionOutlined', 'Employee Profile', '员工档案', 'employees'),
      screen('/employee/employeelist/add', 'UserAddOutlined', 'Add Employee', '新增员工', 'employees'),
      screen('/employee/employeelist/update', 'EditOutlined', 'Edit Employee', '编辑员工', 'employees'),
      screen('/employee/attendance', 'FieldTimeOutlined', 'Employee Time Card', '员工考勤卡', 'payroll'),
      screen('/employee/wages', 'AccountBookOutlined', 'Employee Wages Summary', '员工工资汇总', 'payroll'),
      screen('/employee/teambuilding', 'ApartmentOutlined', 'Team Builder', '团队组建', 'employees'),
      screen('/employee/dailyallocation', 'CarryOutOutlined', 'Employee Daily Assignments', '员工每日分配', 'service'),
    ],
  },
  {
    url: '/service',
    icon: 'ScheduleOutlined',
    title: { en: 'Service & Scheduling', zh: '服务与排班' },
    children: [
      screen('/service/worklist', 'ProfileOutlined', 'Job List', '工单列表', 'service'),
      screen('/service/workdeatil', 'FileTextOutlined', 'Job Detail', '工单详情', 'service'),
      screen('/service/planlist', 'ReconciliationOutlined', 'Service Plan List', '服务计划列表', 'service'),
      screen('/service/tasklist', 'CheckSquareOutlined', 'Task List', '任务列表', 'service'),
      screen('/service/schedule', 'CalendarOutlined', 'Schedule Board', '排班看板', 'service'),
    ],
  },
  {
    url: '/office',
    icon: 'ShopOutlined',
    title: { en: 'Office Management', zh: '办公室管理' },
    children: [
      screen('/office/dailyschedule', 'PlayCircleOutlined', 'Start of Day', '开始营业日', 'office'),
      screen('/office/completionconfirmat', 'CheckCircleOutlined', 'Job Completion', '工单完工确认', 'office'),
      screen('/office/confirmshutdown', 'PoweroffOutlined', 'Verify & Close Day', '核对并结束营业日', 'office'),
      screen('/office/creditcardcollection', 'CreditCardOutlined', 'Process E-Payment Queue', '处理电子支付队列', 'office'),
      screen('/office/cardreconciliation', 'ReconciliationOutlined', 'Card Reconciliation', '银行卡对账', 'office'),
      screen('/office/messages', 'MessageOutlined', 'Customer Messages', '客户消息', 'messaging'),
    ],
  },
  {
    url: '/marketing',
    icon: 'NotificationOutlined',
    title: { en: 'Marketing Management', zh: '营销管理' },
    children: [
      screen('/marketing/channellist', 'FundOutlined', 'Campaign Management', '营销活动管理', 'marketing'),
      screen('/marketing/giftcertificate', 'GiftOutlined', 'Gift Certificate Management', '礼品券管理', 'marketing'),
    ],
  },
  {
    url: '/sys',
    icon: 'SettingOutlined',
    title: { en: 'System Set-up', zh: '系统设置' },
    children: [
      screen('/sys/positionparameter', 'EnvironmentOutlined', 'Location Parameters', '地点参数', 'system'),
      screen('/sys/serviceprice', 'TagsOutlined', 'Services & Price List', '服务与价目表', 'system'),
      screen('/sys/labortype', 'ToolOutlined', 'Labor Management', '工种管理', 'system'),
      screen('/sys/region', 'GlobalOutlined', 'Zone Management', '区域管理', 'system'),
      screen('/sys/messagetemplate', 'MessageOutlined', 'Message Templates', '消息模板', 'messaging'),
      screen('/sys/roleauthor', 'SafetyCertificateOutlined', 'Role & Permission List', '角色与权限', 'system'),
      screen('/sys/logs', 'HistoryOutlined', 'Login Tracker', '登录跟踪', 'system'),
    ],
  },
];

export const ALL_SCREENS: readonly ScreenDef[] = MENU_TREE.flatMap((group) => group.children);

export function findScreen(url: string): { group: MenuGroupDef; screen: ScreenDef } | undefined {
  for (const group of MENU_TREE) {
    const found = group.children.find((s) => s.url === url);
    if (found) return { group, screen: found };
  }
  return undefined;
}

/** A menu entry as the API sends it (spec §3 "Stored user info"). */
export interface MenuEntry {
  url: string;
  icon: string;
  title: string;
  children?: MenuEntry[];
}

/** The part of the menu tree a set of permission keys opens; groups left empty are dropped. */
export function buildMenu(keys: ReadonlySet<string>, locale: Locale): MenuEntry[] {
  return MENU_TREE.map((group) => ({
    url: group.url,
    icon: group.icon,
    title: group.title[locale],
    children: group.children
      .filter((s) => keys.has(s.permission))
      .map((s) => ({ url: s.url, icon: s.icon, title: s.title[locale] })),
  })).filter((group) => group.children.length > 0);
}
