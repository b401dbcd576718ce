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
} as const;

export type TimeCardMessageKey = keyof typeof TIME_CARD_MESSAGES_EN;

export const TIME_CARD_MESSAGES_ZH: Record<TimeCardMessageKey, string> = {
  'timeCards.punch': '该打卡记录',
  'timeCards.employee': '该员工',
  'timeCards.job': '该工作',
  'timeCards.laborType': '该工时类型',
  'timeCards.periodApproved':
    '{name} 在 {date} 的考勤属于已审批的工资周期 {start} – {end}：请先填写原因重新开启该周期，再作更改。',
  'timeCards.futureDay': '不能为 {date} 录入打卡：这一天还没有开始。',
  'timeCards.periodNotApproved': '工资周期 {start} – {end} 对所选员工均未审批：无可重新开启的内容。',
};
