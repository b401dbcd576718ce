/** Server messages of the schedule board (merged into platform/messages.ts). */
export const BOARD_MESSAGES_EN = {
  'board.notMovable': 'A {status} job stays where it is: only unscheduled and scheduled jobs move on the board.',
  'board.teamOut': 'Team {team} is out on {date} ({reason}): choose another team or day.',
  'board.outsideHours':
    'The job would run {from}–{to}, outside business hours ({opening}–{closing}): choose an earlier start or a shorter duration.',
  'board.memberOnLeave':
    '{name} of team {team} is on leave on {date} ({leave}): assign a cover in Employee Daily Assignments, or choose another team.',
  'board.overlap': 'Team {team} already has job {reference} from {from} to {to} on {date}: the jobs would overlap.',
  'board.warnWindow': 'The start {start} is outside the preferred window {from}–{to}.',
  'board.warnZone': 'The job is in zone {zone}, not in the team’s zone {teamZone}.',
  'board.warnDrive': 'The gap before this job ({gap} min) is shorter than the drive from the previous stop ({drive} min).',
  'board.warnNoMembers': 'Team {team} has no members on {date}: the duration assumes one person.',
  'board.allDay': 'all day',
} as const;

export type BoardMessageKey = keyof typeof BOARD_MESSAGES_EN;

export const BOARD_MESSAGES_ZH: Record<BoardMessageKey, string> = {
  'board.notMovable': '{status}的工单不能移动：看板上只能移动未排班和已排班的工单。',
  'board.teamOut': '团队 {team} 在 {date} 停工（{reason}）：请选择其他团队或日期。',
  'board.outsideHours': '该工单将在 {from}–{to} 进行，超出营业时间（{opening}–{closing}）：请提前开始时间或缩短时长。',
  'board.memberOnLeave': '团队 {team} 的 {name} 在 {date} 请假（{leave}）：请在员工每日分配中安排顶替人员，或选择其他团队。',
  'board.overlap': '团队 {team} 在 {date} 已有工单 {reference}（{from} 至 {to}）：两个工单时间重叠。',
  'board.warnWindow': '开始时间 {start} 不在客户偏好的时段 {from}–{to} 内。',
  'board.warnZone': '该工单位于区域 {zone}，不在团队的区域 {teamZone}。',
  'board.warnDrive': '此工单前的间隔（{gap} 分钟）短于从上一站出发的车程（{drive} 分钟）。',
  'board.warnNoMembers': '团队 {team} 在 {date} 没有成员：时长按一人计算。',
  'board.allDay': '全天',
};
