/** Server messages of the office day (merged into platform/messages.ts). */
export const OFFICE_MESSAGES_EN = {
  'office.dayClosed':
    'The office day {date} is closed: its jobs, payments and time cards cannot change. A role with the reopen permission can reopen it with a reason.',
  'office.noSavedCard': 'The customer has no saved card to charge: add one, or record another payment method.',
  'office.dayNotReady': 'The office day cannot close yet: {count} checklist items are still open. Resolve each of them first.',
  'office.differenceUnexplained':
    'The counted cash or checks differ from the payments recorded for the day: explain the difference to close.',
  'office.dayNotClosed': 'The office day {date} is not closed: there is nothing to reopen.',
  'office.nothingToCharge': 'The job has no invoice total to charge to the card.',
} as const;

export type OfficeMessageKey = keyof typeof OFFICE_MESSAGES_EN;

export const OFFICE_MESSAGES_ZH: Record<OfficeMessageKey, string> = {
  'office.dayClosed': '{date} 的办公日已关闭：当日的工单、付款和考勤均不能更改。拥有重新开启权限的角色可填写原因后重新开启。',
  'office.noSavedCard': '该客户没有可扣款的已存银行卡：请先添加，或登记其他付款方式。',
  'office.dayNotReady': '办公日尚不能关闭：核对清单仍有 {count} 项未完成。请先逐项完成。',
  'office.differenceUnexplained': '清点的现金或支票与当日登记的付款不符：请说明差额后再关闭。',
  'office.dayNotClosed': '{date} 的办公日未关闭：无需重新开启。',
  'office.nothingToCharge': '该工单没有可向银行卡扣款的发票金额。',
};
