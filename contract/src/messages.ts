import type { Locale } from './constants';

/**
 * Messages both sides show: the validation messages of spec §5 (the form shows them; the server
 * answers 10001 with them). Contract schemas carry the key (`error: 'validation.phoneRequired'`);
 * each side translates it with this table.
 */
const en = {
  'validation.phoneRequired': 'phone is required',
  'validation.addressRequired': 'address is required',
  'validation.zipRequired': 'zip code is required',
  'validation.houseTypeRequired': 'house type is required',
  'validation.locationNameRequired': 'location name is required',
  'validation.primaryContactRequired': 'primary contact is required',
  'validation.taskNameRequired': 'task name is required',
  'validation.startDateRequired': 'start date is required',
  'validation.teamRequired': 'team is required',
  'validation.employeeRequired': 'employee is required',
  'validation.jobRoleRequired': 'job role is required',
  'validation.userNameRequired': 'user name is required',
  'validation.passwordRequired': 'password is required',
  'validation.verifyPasswordRequired': 'verify password is required',
  'validation.passwordMismatch': 'The password is inconsistent twice!',
  'validation.leaveRequired': 'A leave entry requires start date, end date and reason',
  'validation.passwordTooShort': 'password must be at least 8 characters',
  'validation.oldPasswordRequired': 'current password is required',
  'validation.confirmDelete': 'Are you sure you want to delete?',
  'validation.customerNameRequired': 'customer name is required',
  'validation.reasonRequired': 'reason is required',
  'validation.subjectRequired': 'subject is required',
  'validation.checkNumberRequired': 'check number is required for a check payment',
  'validation.fileNameRequired': 'file name is required',
  'validation.keyTagRequired': 'key tag is required when the office holds a key',
  'validation.fileTooLarge': 'the file is larger than 10 MB',
  'validation.fileEmpty': 'the file is empty',
  'validation.fileTypeNotAllowed': 'the file type must be PDF, JPEG, PNG, WebP, Word (.docx), Excel (.xlsx) or text (.txt)',
  'validation.cardNumberNotAllowed':
    'a full card number must never be entered here: keep only the brand, the last four digits and the expiry',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'validation.phoneRequired': '电话为必填项',
  'validation.addressRequired': '地址为必填项',
  'validation.zipRequired': '邮编为必填项',
  'validation.houseTypeRequired': '房屋类型为必填项',
  'validation.locationNameRequired': '地点名称为必填项',
  'validation.primaryContactRequired': '主要联系人为必填项',
  'validation.taskNameRequired': '任务名称为必填项',
  'validation.startDateRequired': '开始日期为必填项',
  'validation.teamRequired': '团队为必填项',
  'validation.employeeRequired': '员工为必填项',
  'validation.jobRoleRequired': '职位角色为必填项',
  'validation.userNameRequired': '用户名为必填项',
  'validation.passwordRequired': '密码为必填项',
  'validation.verifyPasswordRequired': '确认密码为必填项',
  'validation.passwordMismatch': '两次输入的密码不一致！',
  'validation.leaveRequired': '请假记录需要填写开始日期、结束日期和原因',
  'validation.passwordTooShort': '密码至少需要 8 个字符',
  'validation.oldPasswordRequired': '当前密码为必填项',
  'validation.confirmDelete': '确定要删除吗？',
  'validation.customerNameRequired': '客户姓名为必填项',
  'validation.reasonRequired': '原因为必填项',
  'validation.subjectRequired': '主题为必填项',
  'validation.checkNumberRequired': '支票付款须填写支票号码',
  'validation.fileNameRequired': '文件名为必填项',
  'validation.keyTagRequired': '办公室保管钥匙时须填写钥匙标签号',
  'validation.fileTooLarge': '文件大于 10 MB',
  'validation.fileEmpty': '文件为空',
  'validation.fileTypeNotAllowed': '文件类型须为 PDF、JPEG、PNG、WebP、Word (.docx)、Excel (.xlsx) 或文本 (.txt)',
  'validation.cardNumberNotAllowed': '此处不得填写完整卡号：只保留卡组织、卡号末四位和有效期',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, zh };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

export function translateMessage(value: string, locale: Locale): string {
  return isMessageKey(value) ? MESSAGES[locale][value] : value;
}
