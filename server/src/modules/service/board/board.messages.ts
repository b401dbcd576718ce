/** Server messages of the schedule board (merged into platform/messages.ts). */
export const BOARD_MESSAGES_EN = {
  'board.notMovable': 'A {status} job stays where it is: only unscheduled and scheduled jobs move on the board.',
  'board.teamOut': '{team} is out on {date} ({reason}): choose another team or day.',
  'board.outsideHours':
    'The job would run {from}–{to}, outside business hours ({opening}–{closing}): choose an earlier start or a shorter duration.',
  'board.memberOnLeave':
    '{name} of {team} is on leave on {date} ({leave}): assign a cover in Employee Daily Assignments, or choose another team.',
  'board.overlap': '{team} already has job {reference} from {from} to {to} on {date}: the jobs would overlap.',
  'board.warnWindow': 'The start {start} is outside the preferred window {from}–{to}.',
  'board.warnZone': 'The job is in zone {zone}, not in the team’s zone {teamZone}.',
  'board.warnDrive': 'The gap before this job ({gap} min) is shorter than the drive from the previous stop ({drive} min).',
  'board.warnNoMembers': '{team} has no members on {date}: the duration assumes one person.',
  'board.allDay': 'all day',
  'board.routeFixed': 'Job {reference} is {status}: only a day whose jobs are all scheduled can be put in a new order.',
  'board.routeChanged': 'The jobs of {team} on {date} changed since the order was suggested: suggest an order again.',
  'board.routeWindow':
    'In this order job {reference} would start at {from}, outside its arrival window {windowFrom}–{windowTo}: suggest an order again.',
  'board.routeHours':
    'In this order job {reference} would run {from}–{to}, past the end of the day ({closing}): suggest an order again.',
  'board.routeLeave': 'In this order job {reference} ({from}–{to}) would fall in the leave of {name}: suggest an order again.',
  'board.routeOverlap': 'In this order job {reference} ({from}–{to}) would overlap another job: suggest an order again.',
} as const;

export type BoardMessageKey = keyof typeof BOARD_MESSAGES_EN;

export const BOARD_MESSAGES_ZH: Record<BoardMessageKey, string> = {
  'board.notMovable': '{status}的工单不能移动：看板上只能移动未排班和已排班的工单。',
  'board.teamOut': '{team} 在 {date} 停工（{reason}）：请选择其他团队或日期。',
  'board.outsideHours': '该工单将在 {from}–{to} 进行，超出营业时间（{opening}–{closing}）：请提前开始时间或缩短时长。',
  'board.memberOnLeave': '{team} 的 {name} 在 {date} 请假（{leave}）：请在员工每日分配中安排顶替人员，或选择其他团队。',
  'board.overlap': '{team} 在 {date} 已有工单 {reference}（{from} 至 {to}）：两个工单时间重叠。',
  'board.warnWindow': '开始时间 {start} 不在客户偏好的时段 {from}–{to} 内。',
  'board.warnZone': '该工单位于区域 {zone}，不在团队的区域 {teamZone}。',
  'board.warnDrive': '此工单前的间隔（{gap} 分钟）短于从上一站出发的车程（{drive} 分钟）。',
  'board.warnNoMembers': '{team} 在 {date} 没有成员：时长按一人计算。',
  'board.allDay': '全天',
  'board.routeFixed': '工单 {reference} 为{status}：只有全部为已排班工单的一天才能调整顺序。',
  'board.routeChanged': '{team} 在 {date} 的工单在建议顺序之后有变动：请重新建议顺序。',
  'board.routeWindow': '按此顺序，工单 {reference} 将在 {from} 开始，超出其到达时段 {windowFrom}–{windowTo}：请重新建议顺序。',
  'board.routeHours': '按此顺序，工单 {reference} 将在 {from}–{to} 进行，超过当天结束时间（{closing}）：请重新建议顺序。',
  'board.routeLeave': '按此顺序，工单 {reference}（{from}–{to}）将落在 {name} 的请假时间内：请重新建议顺序。',
  'board.routeOverlap': '按此顺序，工单 {reference}（{from}–{to}）将与另一个工单重叠：请重新建议顺序。',
};
