/** Server messages of the field app's actions (merged in platform/messages.ts). */
export const FIELD_ACTION_MESSAGES_EN = {
  'fieldActions.future': 'This was recorded at {at}, later than now ({now}): check the phone’s clock.',
  'fieldActions.beforeDay': 'This was recorded at {at}, before {what} began ({start}).',
  'fieldActions.notClockedIn': 'You are not clocked in.',
  'fieldActions.alreadyClockedIn': 'You were already clocked in (since {since}).',
  'fieldActions.notOnMeal': 'You are not on a meal break.',
  'fieldActions.alreadyOnMeal': 'You were already on a meal break (since {since}).',
  'fieldActions.overlapsShift': 'You already have a shift at {at} ({span}).',
  'fieldActions.notCheckedIn': 'You are not checked in at job {reference}.',
  'fieldActions.alreadyCheckedIn': 'You were already checked in at job {reference} (since {since}).',
  'fieldActions.stillCheckedIn': 'Check out of job {reference} first.',
  'fieldActions.alreadyDone': 'Job {reference} was already reported done.',
  'fieldActions.tooManyChecklistItems': 'A checklist holds at most {max} items.',
  'fieldActions.conflictPunch':
    'The office changed this {kind} after you recorded it: your change was not applied; the office has been told.',
  'fieldActions.conflictJob':
    'The office changed job {reference} after you recorded this: your change was not applied; the office has been told.',
  'fieldActions.conflictOfficePunch':
    'The office already entered your {kind} for this time ({span}): your change was not applied; the office has been told.',
  'fieldActions.shift': 'the shift',
  'fieldActions.meal': 'the meal break',
  'fieldActions.job': 'the job',
  'fieldActions.jobDay': 'the job’s day',
  'fieldActions.punchOf': 'Punch #{id}',
} as const;

export type FieldActionMessageKey = keyof typeof FIELD_ACTION_MESSAGES_EN;

export const FIELD_ACTION_MESSAGES_ZH: Record<FieldActionMessageKey, string> = {
  'fieldActions.future': '此操作记录于 {at}，晚于当前时间（{now}）：请检查手机时钟。',
  'fieldActions.beforeDay': '此操作记录于 {at}，早于{what}开始的时间（{start}）。',
  'fieldActions.notClockedIn': '您尚未上班打卡。',
  'fieldActions.alreadyClockedIn': '您已经上班打卡（自 {since} 起）。',
  'fieldActions.notOnMeal': '您不在用餐休息中。',
  'fieldActions.alreadyOnMeal': '您已经在用餐休息中（自 {since} 起）。',
  'fieldActions.overlapsShift': '您在 {at} 已有一个班次（{span}）。',
  'fieldActions.notCheckedIn': '您尚未在工单 {reference} 签到。',
  'fieldActions.alreadyCheckedIn': '您已在工单 {reference} 签到（自 {since} 起）。',
  'fieldActions.stillCheckedIn': '请先在工单 {reference} 签退。',
  'fieldActions.alreadyDone': '工单 {reference} 已报告完成。',
  'fieldActions.tooManyChecklistItems': '清单最多 {max} 项。',
  'fieldActions.conflictPunch': '办公室在您记录之后更改了此{kind}：您的更改未生效，已通知办公室。',
  'fieldActions.conflictJob': '办公室在您记录之后更改了工单 {reference}：您的更改未生效，已通知办公室。',
  'fieldActions.conflictOfficePunch': '办公室已为您录入这段时间的{kind}（{span}）：您的更改未生效，已通知办公室。',
  'fieldActions.shift': '班次',
  'fieldActions.meal': '用餐休息',
  'fieldActions.job': '工单',
  'fieldActions.jobDay': '工单当天',
  'fieldActions.punchOf': '打卡记录 #{id}',
};
