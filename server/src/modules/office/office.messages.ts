/** Server messages of the office day (merged into platform/messages.ts). */
export const OFFICE_MESSAGES_EN = {
  'office.dayClosed':
    'The office day {date} is closed: its jobs, payments and time cards cannot change. A role with the reopen permission can reopen it with a reason.',
  'office.noSavedCard': 'The customer has no saved card to charge: add one, or record another payment method.',
} as const;

export type OfficeMessageKey = keyof typeof OFFICE_MESSAGES_EN;

export const OFFICE_MESSAGES_ZH: Record<OfficeMessageKey, string> = {
  'office.dayClosed': '{date} 的办公日已关闭：当日的工作、付款和考勤均不能更改。拥有重新开启权限的角色可填写原因后重新开启。',
  'office.noSavedCard': '该客户没有可扣款的已存银行卡：请先添加，或登记其他付款方式。',
};
