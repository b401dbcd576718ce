import { type Locale, MESSAGES as SHARED, type MessageKey as SharedKey } from '@tidyhouse/contract';

/** The server's own messages in both languages; `{name}` placeholders are filled from params. */
const en = {
  ok: 'success',
  'error.notLoggedIn': 'You are not logged in, or your session is no longer valid. Please log in.',
  'error.sessionExpired': 'Your session has expired. Please log in again.',
  'error.accountFrozen': 'This account is frozen. Please contact the administrator.',
  'error.accountDisabled': 'This account is disabled. Please contact the administrator.',
  'error.accountTerminated': 'This employee is no longer active. Please contact the administrator.',
  'error.roleDisabled': 'Your role is disabled. Please contact the administrator.',
  'error.forbidden': 'Your role does not have the permission for this action.',
  'error.notFound': '{what} was not found.',
  'error.routeNotFound': 'There is no such API: {path}',
  'error.staleVersion': 'Someone else changed this record after you opened it. Reload and try again.',
  'error.server': 'Something went wrong on the server. Request id: {requestId}',
  'error.invalidBody': 'The request body is not valid JSON.',
  'error.invalidInput': '{field}: {rule}',
  'auth.badCredentials': 'Incorrect user name or password.',
  'auth.locked': 'Too many failed attempts. The account is locked until {until}.',
  'auth.oldPasswordWrong': 'The current password is not correct.',
  'auth.samePassword': 'The new password must differ from the current one.',
  'employees.user': 'The employee',
  'employees.cannotFreezeSelf': 'You cannot freeze your own account.',
} as const;

export type MessageKey = keyof typeof en | SharedKey;

const zh: Record<keyof typeof en, string> = {
  ok: '成功',
  'error.notLoggedIn': '您尚未登录，或会话已失效，请登录。',
  'error.sessionExpired': '会话已过期，请重新登录。',
  'error.accountFrozen': '该账户已被冻结，请联系管理员。',
  'error.accountDisabled': '该账户已被停用，请联系管理员。',
  'error.accountTerminated': '该员工已离职，请联系管理员。',
  'error.roleDisabled': '您的角色已被停用，请联系管理员。',
  'error.forbidden': '您的角色没有执行此操作的权限。',
  'error.notFound': '未找到{what}。',
  'error.routeNotFound': '不存在该接口：{path}',
  'error.staleVersion': '该记录在您打开后已被他人修改，请刷新后重试。',
  'error.server': '服务器出错了。请求编号：{requestId}',
  'error.invalidBody': '请求内容不是有效的 JSON。',
  'error.invalidInput': '{field}：{rule}',
  'auth.badCredentials': '用户名或密码错误。',
  'auth.locked': '失败次数过多，账户已锁定至 {until}。',
  'auth.oldPasswordWrong': '当前密码不正确。',
  'auth.samePassword': '新密码不能与当前密码相同。',
  'employees.user': '该员工',
  'employees.cannotFreezeSelf': '不能冻结自己的账户。',
};

const TABLES: Record<Locale, Record<string, string>> = { en: { ...SHARED.en, ...en }, zh: { ...SHARED.zh, ...zh } };

export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = TABLES[locale][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    // A param may itself be a message key (for example the name of a record kind).
    return typeof value === 'string' ? (TABLES[locale][value] ?? value) : String(value);
  });
}
