/** Server messages of time cards (merged in platform/messages.ts). */
export const TIME_CARD_MESSAGES_EN = {
  'timeCards.punch': 'The punch',
  'timeCards.employee': 'The employee',
  'timeCards.job': 'The job',
  'timeCards.laborType': 'The labor type',
  'timeCards.periodApproved':
    'The time card of {name} for {date} is in the approved pay period {start} – {end}: reopen the period (with a reason) to change it.',
  'timeCards.futureDay': 'Punches cannot be entered for {date}: it has not begun yet.',
  'timeCards.periodNotApproved': 'The pay period {start} – {end} is not approved for anyone named: nothing to reopen.',
  'timeCards.mealWaiver': 'The meal waiver',
  'timeCards.waiverExists': '{name} already has a waiver of meal {meal} in force (signed on {date}): revoke it first.',
  'timeCards.waiverRevoked': 'This meal waiver of {name} was already revoked on {date}.',
  'timeCards.waiverRevokedBeforeSigned': 'The date revoked ({date}) must be after the date signed ({signedOn}).',
  'timeCards.waiverInApprovedPeriod':
    'A waiver change from {date} would change the pay of {name} in the approved pay period {start} – {end}: reopen the period (with a reason) first.',
} as const;

export type TimeCardMessageKey = keyof typeof TIME_CARD_MESSAGES_EN;

export const TIME_CARD_MESSAGES_ZH: Record<TimeCardMessageKey, string> = {
  'timeCards.punch': '该打卡记录',
  'timeCards.employee': '该员工',
  'timeCards.job': '该工单',
  'timeCards.laborType': '该工时类型',
  'timeCards.periodApproved':
    '{name} 在 {date} 的考勤属于已审批的工资周期 {start} – {end}：请先填写原因重新开启该周期，再作更改。',
  'timeCards.futureDay': '不能为 {date} 录入打卡：这一天还没有开始。',
  'timeCards.periodNotApproved': '工资周期 {start} – {end} 对所选员工均未审批：无可重新开启的内容。',
  'timeCards.mealWaiver': '该用餐休息放弃书',
  'timeCards.waiverExists': '{name} 已有一份有效的第 {meal} 次用餐休息放弃书（签署于 {date}）：请先撤销。',
  'timeCards.waiverRevoked': '{name} 的这份用餐休息放弃书已于 {date} 撤销。',
  'timeCards.waiverRevokedBeforeSigned': '撤销日期（{date}）必须晚于签署日期（{signedOn}）。',
  'timeCards.waiverInApprovedPeriod':
    '自 {date} 起更改放弃书会改变 {name} 在已审批工资周期 {start} – {end} 的工资：请先填写原因重新开启该周期。',
};
