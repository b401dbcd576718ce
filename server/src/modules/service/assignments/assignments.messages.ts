/** Server messages of employee daily assignments (merged into platform/messages.ts). */
export const ASSIGNMENT_MESSAGES_EN = {
  'assignments.team': 'The team',
  'assignments.employee': 'The employee',
  'assignments.teamUnavailable': 'Team {id} does not exist or is inactive.',
  'assignments.employeeUnavailable': 'Employee {id} does not exist or was removed.',
  'assignments.onLeave': '{name} is on leave on {date} ({reason}) and cannot be assigned to a team that day.',
  'assignments.frozen': "{name}'s account is frozen and cannot be assigned to a team.",
  'assignments.terminated': '{name} was terminated on {terminatedOn} and cannot be assigned to a team on {date}.',
  'assignments.leaderNotMember': '{name} is not in {team} on {date}; assign them to the team first.',
  'assignments.alreadyAssigned':
    'An employee was just assigned to another team on {date} by someone else: reload the day and try again.',
  'assignments.dayChanged': 'Someone else changed the assignments of {date} after you opened them. Reload the day and try again.',
  'assignments.nothingToCopy': 'There is nothing to copy: {from} has no team members.',
} as const;

export type AssignmentMessageKey = keyof typeof ASSIGNMENT_MESSAGES_EN;

export const ASSIGNMENT_MESSAGES_ZH: Record<AssignmentMessageKey, string> = {
  'assignments.team': '团队',
  'assignments.employee': '员工',
  'assignments.teamUnavailable': '团队 {id} 不存在或已停用。',
  'assignments.employeeUnavailable': '员工 {id} 不存在或已删除。',
  'assignments.onLeave': '{name} 在 {date} 请假（{reason}），当天不能分配到团队。',
  'assignments.frozen': '{name} 的账户已冻结，不能分配到团队。',
  'assignments.terminated': '{name} 已于 {terminatedOn} 离职，不能在 {date} 分配到团队。',
  'assignments.leaderNotMember': '{name} 在 {date} 不属于 {team}，请先将其分配到该团队。',
  'assignments.alreadyAssigned': '有人刚刚在 {date} 把该员工分配到了其他团队，请重新加载当天后再试。',
  'assignments.dayChanged': '您打开后，其他人修改了 {date} 的分配。请重新加载当天后再试。',
  'assignments.nothingToCopy': '没有可复制的内容：{from} 没有团队成员。',
};
