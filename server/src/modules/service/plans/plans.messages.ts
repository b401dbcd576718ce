/** Server messages of service plans and tasks (merged into platform/messages.ts). */
export const PLAN_MESSAGES_EN = {
  'plans.plan': 'The service plan',
  'plans.task': 'The task',
  'plans.status.used': 'active',
  'plans.status.not_used': 'paused',
  'plans.status.cancelled': 'cancelled',
  'plans.badTransition': 'A service plan cannot go from {from} to {to}.',
  'plans.cancelledIsFinal': 'This service plan is cancelled: a cancelled plan is final and cannot be changed.',
  'plans.notOccurrence':
    '{field}: {date} is not a visit of plan {reference} (its pattern is {pattern} from {from}{until}). Pick one of its visit dates.',
  'plans.occurrenceBeforeToday': '{field}: {date} is in the past; only visits from today ({today}) can be skipped or moved.',
  'plans.occurrenceDone': 'The visit of {date} is already {status} (job {reference}): it can no longer be skipped or moved.',
  'plans.occurrenceSkipped': 'The visit of {date} is already skipped or cancelled (job {reference}).',
  'plans.moveBeforeToday': '{field}: {date} is in the past; a visit can be moved to today ({today}) or later.',
  'plans.moveSameDate': '{field}: the visit is already on {date}.',
  'plans.moveOntoVisit': 'Another visit of this plan is on {date} (job {reference}): pick another day, or skip one of them.',
  'plans.fromDateBeforeToday': '{field}: a change can start today ({today}) at the earliest, not {date}.',
  'plans.fromDateBeforeStart': '{field}: {date} is before the plan starts ({start}).',
  'plans.locationUnavailable': '{field}: location {id} does not exist or was removed.',
  'plans.teamUnavailable': '{field}: team {id} does not exist or is inactive.',
  'plans.priceItemUnavailable': 'lines[{index}].priceItemId: price list entry {id} does not exist or is inactive.',
  'plans.notActive': 'Only an active plan can be changed from a date; resume it first.',
  'tasks.teamUnavailable': '{field}: team {id} does not exist or is inactive.',
} as const;

export type PlanMessageKey = keyof typeof PLAN_MESSAGES_EN;

export const PLAN_MESSAGES_ZH: Record<PlanMessageKey, string> = {
  'plans.plan': '服务计划',
  'plans.task': '任务',
  'plans.status.used': '进行中',
  'plans.status.not_used': '已暂停',
  'plans.status.cancelled': '已取消',
  'plans.badTransition': '服务计划不能从“{from}”变为“{to}”。',
  'plans.cancelledIsFinal': '该服务计划已取消：已取消的计划为最终状态，不能再修改。',
  'plans.notOccurrence':
    '{field}：{date} 不是计划 {reference} 的服务日（规则 {pattern}，自 {from}{until}），请选择该计划的服务日。',
  'plans.occurrenceBeforeToday': '{field}：{date} 已过去；只能跳过或调整今天（{today}）及以后的服务。',
  'plans.occurrenceDone': '{date} 的服务已{status}（工单 {reference}），不能再跳过或调整。',
  'plans.occurrenceSkipped': '{date} 的服务已跳过或取消（工单 {reference}）。',
  'plans.moveBeforeToday': '{field}：{date} 已过去；只能调整到今天（{today}）或以后。',
  'plans.moveSameDate': '{field}：该服务已在 {date}。',
  'plans.moveOntoVisit': '该计划在 {date} 已有另一次服务（工单 {reference}），请选择其他日期，或跳过其中一次。',
  'plans.fromDateBeforeToday': '{field}：变更最早从今天（{today}）开始，不能是 {date}。',
  'plans.fromDateBeforeStart': '{field}：{date} 早于计划开始日期（{start}）。',
  'plans.locationUnavailable': '{field}：地点 {id} 不存在或已删除。',
  'plans.teamUnavailable': '{field}：团队 {id} 不存在或已停用。',
  'plans.priceItemUnavailable': 'lines[{index}].priceItemId：价目表条目 {id} 不存在或已停用。',
  'plans.notActive': '只有进行中的计划才能按日期变更，请先恢复计划。',
  'tasks.teamUnavailable': '{field}：团队 {id} 不存在或已停用。',
};
