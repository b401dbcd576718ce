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
  'roles.role': 'The role',
  'roles.nameTaken': 'A role named "{name}" already exists.',
  'roles.superLocked': 'The super administrator role cannot be disabled or removed.',
  'roles.superKeys': 'The super administrator role always holds every permission; none can be taken away.',
  'roles.inUse': 'The role is held by {count} user(s). Give them another role before removing it.',
  'roles.cannotDisableOwn': 'You cannot disable your own role.',
  'logs.clearDateInFuture': 'The clearing date {date} is after today ({today}).',
  'params.businessProfile': 'The business profile',
  'params.quoteParams': 'The quote parameters',
  'params.paymentParams': 'The payment parameters',
  'params.disclaimer': 'The disclaimer',
  'params.disclaimerNameTaken': 'A disclaimer named "{name}" already exists for this purpose.',
  'priceList.item': 'The price list entry',
  'priceList.rate': 'The rate',
  'priceList.nameTaken': 'An entry of this kind named "{name}" already exists.',
  'priceList.rateInPast': 'A rate cannot take effect in the past: {date} is before today ({today}).',
  'priceList.rateInForce': 'The rate from {date} is already in force and cannot be changed. Add a rate from a later date.',
  'priceList.rateNotScheduled': 'Only a scheduled rate (from a date after today) can be removed.',
  'priceList.lastRate': 'This is the only rate of the entry; an entry needs at least one.',
  'laborTypes.laborType': 'The labor type',
  'laborTypes.nameTaken': 'A labor type named "{name}" already exists.',
  'zones.zone': 'The zone',
  'zones.codeTaken': 'Another zone already has the code {code}.',
  'zones.nameTaken': 'Another zone is already named "{name}".',
  'zones.primaryConflict': 'ZIP code {zips} is already primary in the active zone "{zone}" ({code}).',
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
  'roles.role': '该角色',
  'roles.nameTaken': '已存在名为“{name}”的角色。',
  'roles.superLocked': '超级管理员角色不能被停用或删除。',
  'roles.superKeys': '超级管理员角色始终拥有全部权限，不能取消任何权限。',
  'roles.inUse': '该角色仍有 {count} 名用户使用，请先为他们更换角色再删除。',
  'roles.cannotDisableOwn': '不能停用自己所属的角色。',
  'logs.clearDateInFuture': '清理日期 {date} 晚于今天（{today}）。',
  'params.businessProfile': '业务资料',
  'params.quoteParams': '报价参数',
  'params.paymentParams': '支付参数',
  'params.disclaimer': '该免责声明',
  'params.disclaimerNameTaken': '该用途下已存在名为“{name}”的免责声明。',
  'priceList.item': '该价目项',
  'priceList.rate': '该价格',
  'priceList.nameTaken': '该类别下已存在名为“{name}”的价目项。',
  'priceList.rateInPast': '价格不能从过去的日期生效：{date} 早于今天（{today}）。',
  'priceList.rateInForce': '自 {date} 起的价格已经生效，不能更改。请添加从更晚日期起生效的价格。',
  'priceList.rateNotScheduled': '只能删除尚未生效（今天之后生效）的价格。',
  'priceList.lastRate': '这是该价目项唯一的价格，价目项至少需要一个价格。',
  'laborTypes.laborType': '该工种',
  'laborTypes.nameTaken': '已存在名为“{name}”的工种。',
  'zones.zone': '该区域',
  'zones.codeTaken': '已有其他区域使用代码 {code}。',
  'zones.nameTaken': '已有其他区域名为“{name}”。',
  'zones.primaryConflict': '邮编 {zips} 已是启用区域“{zone}”（{code}）的主要邮编。',
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
