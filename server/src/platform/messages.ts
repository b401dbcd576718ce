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
  'error.bodyTooLarge': 'The request is too large (at most {limit}).',
  'sales.quote': 'The quote',
  'sales.quoteParametersMissing':
    'The quote parameters are not set up yet (System Set-up › Location Parameters); quotes cannot be priced.',
  'sales.priceItemUnavailable': 'Price list entry {id} does not exist or has no rate on {date}.',
  'sales.discountTooLarge':
    'The discount of {discount} is more than the maximum of {max} ({percent} of {price}). Lower the coupon or the discount.',
  'sales.soldIsFinal': 'This quote is sold: a sold quote is final and cannot be changed.',
  'sales.badTransition': 'A quote cannot go from {from} to {to}.',
  'sales.onlyPendingEditable': 'Only a pending quote can be edited. Reopen it first.',
  'sales.customerUnknown': 'Customer {id} does not exist.',
  'sales.status.pending': 'pending',
  'sales.status.not_sold': 'not sold',
  'sales.status.sold': 'sold',
  'customers.customer': 'The customer',
  'customers.location': 'The location',
  'customers.document': 'The document',
  'customers.payment': 'The payment',
  'customers.refund': 'The refund',
  'customers.connectRecord': 'The communication entry',
  'customers.teamUnknown': 'Team {id} does not exist.',
  'customers.employeeUnknown': 'Employee {id} does not exist or is no longer active.',
  'customers.hasPayments':
    'A customer with payments cannot be removed (money records are kept). Set the customer inactive instead.',
  'customers.refundTooLarge':
    'The refund of {amount} is more than can be refunded: {available} (received {received} minus {refunded} already refunded).',
  'customers.voidUnderfunds': 'Voiding this payment would leave {remaining} received, less than the {refunded} already refunded.',
  'customers.alreadyVoided': 'This payment is already voided.',
  'customers.reversalNotVoidable': 'A reversal cannot be voided.',
  'customers.noCode': 'This location has no {field} code.',
  'customers.code.key': 'key',
  'customers.code.alarm': 'alarm',
  'customers.code.gate': 'gate',
  'customers.keyStillHeld': 'The office still holds the key of this location (tag {tag}). Return the key to the customer first.',
  'customers.fileContentMismatch': 'contentBase64: the content is not a valid {type} file.',
  'customers.renameChangesType': 'name: keep the type of the file (.{extension}).',
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
  'error.bodyTooLarge': '请求内容过大（最多 {limit}）。',
  'sales.quote': '该报价',
  'sales.quoteParametersMissing': '报价参数尚未设置（系统设置 › 地点参数），无法计算报价。',
  'sales.priceItemUnavailable': '价目表条目 {id} 不存在，或在 {date} 没有有效价格。',
  'sales.discountTooLarge': '折扣 {discount} 超过上限 {max}（{price} 的 {percent}）。请降低优惠券或折扣金额。',
  'sales.soldIsFinal': '该报价已成交：成交的报价为最终状态，不能再更改。',
  'sales.badTransition': '报价不能从「{from}」变为「{to}」。',
  'sales.onlyPendingEditable': '只有待定的报价可以编辑，请先重新打开。',
  'sales.customerUnknown': '客户 {id} 不存在。',
  'sales.status.pending': '待定',
  'sales.status.not_sold': '未成交',
  'sales.status.sold': '已成交',
  'customers.customer': '该客户',
  'customers.location': '该地点',
  'customers.document': '该文件',
  'customers.payment': '该付款',
  'customers.refund': '该退款',
  'customers.connectRecord': '该沟通记录',
  'customers.teamUnknown': '团队 {id} 不存在。',
  'customers.employeeUnknown': '员工 {id} 不存在或已不在职。',
  'customers.hasPayments': '有付款记录的客户不能删除（资金记录须保留），请改为设为停用。',
  'customers.refundTooLarge': '退款 {amount} 超过可退金额 {available}（已收 {received} 减去已退 {refunded}）。',
  'customers.voidUnderfunds': '作废此付款后已收金额为 {remaining}，少于已退款的 {refunded}。',
  'customers.alreadyVoided': '该付款已作废。',
  'customers.reversalNotVoidable': '冲销记录不能作废。',
  'customers.noCode': '该地点没有{field}密码。',
  'customers.code.key': '钥匙',
  'customers.code.alarm': '警报',
  'customers.code.gate': '门禁',
  'customers.keyStillHeld': '办公室仍保管该地点的钥匙（标签 {tag}），请先将钥匙归还客户。',
  'customers.fileContentMismatch': 'contentBase64：内容不是有效的 {type} 文件。',
  'customers.renameChangesType': 'name：请保留文件类型（.{extension}）。',
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
