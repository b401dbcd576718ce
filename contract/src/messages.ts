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
  'validation.endDateRequired': 'end date is required',
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
  'validation.nameRequired': 'name is required',
  'validation.userNameFormat': 'user name may contain only letters, digits and . _ - @',
  'validation.dateFormat': 'date must be a real date written YYYY-MM-DD',
  'validation.timeFormat': 'time must be HH:MM (00:00 to 23:59)',
  'validation.endBeforeStart': 'end date must not be before the start date',
  'validation.leaveTimesRequired': 'start and end times are required for a leave that is not all day',
  'validation.endTimeNotAfterStart': 'end time must be after the start time on the same day',
  'validation.photoFormat': 'photo must be a JPEG, PNG or WebP image sent as a base64 data URL',
  'validation.photoTooLarge': 'photo must be at most 2 MB',
  'validation.skillNameRequired': 'skill name is required',
  'validation.teamNameRequired': 'team name is required',
  'validation.colorFormat': 'color must be written #RRGGBB',
  'validation.payTypeRequired': 'pay type is required',
  'validation.rateRequired': 'rate is required and must be more than 0',
  'validation.effectiveDateRequired': 'effective date is required',
  'validation.remarkRequired': 'remark text is required',
  'validation.reasonRequired': 'reason is required',
  'validation.terminatedOnRequired': 'date terminated is required',
  'validation.emailFormat': 'email must be an address like name@example.com',
  'validation.hourlyRateTooHigh': 'an hourly rate must be at most $500.00',
  // Rules without the field: the server prefixes the field path (`zip: must be …`), a form shows them under the field.
  'rule.required': 'is required',
  'rule.usZip': 'must be a US ZIP code (12345 or 12345-6789)',
  'rule.usState': 'must be a two-letter US state code, such as CA',
  'rule.date': 'must be a date written YYYY-MM-DD',
  'rule.timeZone': 'must be an IANA time zone, such as America/Los_Angeles',
  'rule.email': 'must be an email address',
  'rule.phone': 'must be a phone number with 10 digits, such as (650) 555-0142',
  'rule.color': 'must be a color written #RRGGBB',
  'rule.zoneCode': 'must be 1 to 16 letters, digits or dashes',
  'rule.permissionKey': 'is not a permission key',
  'rule.zipInTwoLists': 'is already in another list of this zone',
  'rule.clearDateRequired': 'is required when clearing up to a specified date',
  'rule.dateRange': 'must not be before the start date',
  'rule.notNegative': 'must not be negative',
  'validation.customerNameRequired': 'customer name is required',
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
  'validation.endDateRequired': '结束日期为必填项',
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
  'validation.nameRequired': '姓名为必填项',
  'validation.userNameFormat': '用户名只能包含字母、数字及 . _ - @',
  'validation.dateFormat': '日期必须是有效日期，格式为 YYYY-MM-DD',
  'validation.timeFormat': '时间格式必须为 HH:MM（00:00 至 23:59）',
  'validation.endBeforeStart': '结束日期不能早于开始日期',
  'validation.leaveTimesRequired': '非全天请假必须填写开始时间和结束时间',
  'validation.endTimeNotAfterStart': '同一天内结束时间必须晚于开始时间',
  'validation.photoFormat': '照片必须是以 base64 data URL 发送的 JPEG、PNG 或 WebP 图片',
  'validation.photoTooLarge': '照片不能超过 2 MB',
  'validation.skillNameRequired': '技能名称为必填项',
  'validation.teamNameRequired': '团队名称为必填项',
  'validation.colorFormat': '颜色格式必须为 #RRGGBB',
  'validation.payTypeRequired': '薪资类型为必填项',
  'validation.rateRequired': '费率为必填项且必须大于 0',
  'validation.effectiveDateRequired': '生效日期为必填项',
  'validation.remarkRequired': '备注内容为必填项',
  'validation.reasonRequired': '原因为必填项',
  'validation.terminatedOnRequired': '离职日期为必填项',
  'validation.emailFormat': '邮箱格式应类似 name@example.com',
  'validation.hourlyRateTooHigh': '时薪不能超过 $500.00',
  'rule.required': '为必填项',
  'rule.usZip': '必须是美国邮编（12345 或 12345-6789）',
  'rule.usState': '必须是两个字母的美国州代码，例如 CA',
  'rule.date': '必须是 YYYY-MM-DD 格式的日期',
  'rule.timeZone': '必须是 IANA 时区，例如 America/Los_Angeles',
  'rule.email': '必须是电子邮件地址',
  'rule.phone': '必须是 10 位数字的电话号码，例如 (650) 555-0142',
  'rule.color': '必须是 #RRGGBB 格式的颜色',
  'rule.zoneCode': '必须是 1 到 16 个字母、数字或短横线',
  'rule.permissionKey': '不是有效的权限键',
  'rule.zipInTwoLists': '已在该区域的另一个列表中',
  'rule.clearDateRequired': '按指定日期清理时为必填项',
  'rule.dateRange': '不能早于开始日期',
  'rule.notNegative': '不能为负数',
  'validation.customerNameRequired': '客户姓名为必填项',
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

/** Rule keys carry no field name: whoever shows them names the field (the server prefixes the field path). */
export function isRuleKey(value: string): boolean {
  return value.startsWith('rule.') && isMessageKey(value);
}

export function translateMessage(value: string, locale: Locale): string {
  return isMessageKey(value) ? MESSAGES[locale][value] : value;
}
