/** Server messages of schedule conflicts (issue 20; merged into platform/messages.ts). */
export const CONFLICT_MESSAGES_EN = {
  'conflicts.jobOverlap': '{team}: job {reference} ({time}) overlaps job {other} ({otherTime}) on {date}.',
  'conflicts.memberOnLeave': '{name} of {team} is on leave ({leave}) during job {reference} ({time}) on {date}.',
  'conflicts.teamWithoutMembers': '{team} has nobody working on {date} but has jobs {references}.',
  'conflicts.outsideTeamHours': 'Job {reference} of {team} runs {time} on {date}, outside business hours.',
  'conflicts.beyondArrivalWindow': 'Job {reference} of {team} starts at {time} on {date}, outside its arrival window.',
  'conflicts.acknowledged': 'Acknowledged schedule conflict on {date}: {message}',
  'conflicts.unknown': 'There is no such conflict on {date} any more: reload the page.',
} as const;

export type ConflictMessageKey = keyof typeof CONFLICT_MESSAGES_EN;

export const CONFLICT_MESSAGES_ZH: Record<ConflictMessageKey, string> = {
  'conflicts.jobOverlap': '{team}：{date} 的工单 {reference}（{time}）与工单 {other}（{otherTime}）时间重叠。',
  'conflicts.memberOnLeave': '{team} 的 {name} 在 {date} 工单 {reference}（{time}）期间请假（{leave}）。',
  'conflicts.teamWithoutMembers': '{team} 在 {date} 没有人上班，但有工单 {references}。',
  'conflicts.outsideTeamHours': '{team} 的工单 {reference} 在 {date} 的 {time} 进行，超出营业时间。',
  'conflicts.beyondArrivalWindow': '{team} 的工单 {reference} 在 {date} 于 {time} 开始，不在约定的到达时段内。',
  'conflicts.acknowledged': '已确认 {date} 的排班冲突：{message}',
  'conflicts.unknown': '{date} 已没有这个冲突：请刷新页面。',
};
