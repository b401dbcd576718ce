import type { Locale } from '../constants';
import { fieldLabelOf } from '../field-labels';
import { ALL_SCREENS, type Titles } from '../menu';
import { formatCents } from '../money';
import { withPlurals } from '../plurals';
import { AUDIT_MORE_FIELD_TITLES, AUDIT_MORE_VALUE_TITLES, dynamicFieldTitle, rruleText } from './audit-words';

/**
 * The operation log in the viewer's language (issue 8 item 9). An entry stores its facts as
 * `details.params` (names, references, codes, cents); the summary is rendered from the template of its
 * `module.action` in the viewer's language, codes as their titles, `…Cents` params as money. Entries
 * without details (written before this, or by an action without a template) keep their stored summary.
 */

export type AuditParam = string | number | boolean | null | string[];
export interface AuditDetails {
  /** The template when it is not the entry's own `module.action` (a variant of the action). */
  key?: string;
  params: Record<string, AuditParam>;
}

/** Every action the operation log records. */
export const AUDIT_ACTION_TITLES: Record<string, Titles> = {
  add: { en: 'Add', zh: '新增' },
  modify: { en: 'Edit', zh: '修改' },
  remove: { en: 'Delete', zh: '删除' },
  enable: { en: 'Enable', zh: '启用' },
  disable: { en: 'Disable', zh: '停用' },
  approve: { en: 'Approve', zh: '审核通过' },
  fail: { en: 'Fail', zh: '驳回' },
  created: { en: 'Create', zh: '创建' },
  modified: { en: 'Edit', zh: '修改' },
  clear: { en: 'Clear logs', zh: '清理日志' },
  setPermissions: { en: 'Set permissions', zh: '设置权限' },
  profileModify: { en: 'Edit business profile', zh: '修改企业信息' },
  quoteParamsModify: { en: 'Edit quote parameters', zh: '修改报价参数' },
  paymentParamsModify: { en: 'Edit payment parameters', zh: '修改支付参数' },
  mailParamsModify: { en: 'Edit e-mail settings', zh: '修改邮件设置' },
  messageParamsModify: { en: 'Edit text message settings', zh: '修改短信设置' },
  disclaimerAdd: { en: 'Add disclaimer', zh: '新增免责声明' },
  disclaimerModify: { en: 'Edit disclaimer', zh: '修改免责声明' },
  disclaimerRemove: { en: 'Delete disclaimer', zh: '删除免责声明' },
  addRate: { en: 'Add price', zh: '新增价格' },
  removeRate: { en: 'Delete price', zh: '删除价格' },
  changePassword: { en: 'Change password', zh: '修改密码' },
  freeze: { en: 'Freeze account', zh: '冻结账户' },
  unfreeze: { en: 'Unfreeze account', zh: '解冻账户' },
  endSessions: { en: 'Sign out everywhere', zh: '结束所有登录' },
  terminate: { en: 'Terminate', zh: '离职' },
  reinstate: { en: 'Reinstate', zh: '复职' },
  setSkills: { en: 'Set skills', zh: '设置技能' },
  uploadPhoto: { en: 'Upload photo', zh: '上传照片' },
  removePhoto: { en: 'Delete photo', zh: '删除照片' },
  addPayRate: { en: 'Add pay rate', zh: '新增薪资标准' },
  removePayRate: { en: 'Delete pay rate', zh: '删除薪资标准' },
  correctPayRate: { en: 'Correct pay rate', zh: '更正薪资标准' },
  leaveTeam: { en: 'Leave team', zh: '退出团队' },
  addPunch: { en: 'Add punch', zh: '新增打卡' },
  updatePunch: { en: 'Correct punch', zh: '更正打卡' },
  removePunch: { en: 'Remove punch', zh: '删除打卡' },
  updateDay: { en: 'Edit time-card day', zh: '修改考勤日' },
  approvePeriod: { en: 'Approve pay period', zh: '审批工资周期' },
  reopenPeriod: { en: 'Reopen pay period', zh: '重新开启工资周期' },
  addMealWaiver: { en: 'Add meal waiver', zh: '新增用餐休息放弃书' },
  revokeMealWaiver: { en: 'Revoke meal waiver', zh: '撤销用餐休息放弃书' },
  fieldPunch: { en: 'Punch from the field app', zh: '外勤应用打卡' },
  fieldJobEvent: { en: 'Job update from the field app', zh: '外勤应用工单更新' },
  fieldConflict: { en: 'Field app conflict', zh: '外勤应用冲突' },
  resolveJobConflict: { en: 'Resolve field app conflict of a job', zh: '处理工单的外勤应用冲突' },
  resolveCardConflicts: { en: 'Resolve field app conflicts of a time card', zh: '处理考勤卡的外勤应用冲突' },
  addSkill: { en: 'Add skill', zh: '新增技能' },
  modifySkill: { en: 'Edit skill', zh: '修改技能' },
  removeSkill: { en: 'Delete skill', zh: '删除技能' },
  addRemark: { en: 'Add remark', zh: '新增备注' },
  modifyRemark: { en: 'Edit remark', zh: '修改备注' },
  removeRemark: { en: 'Delete remark', zh: '删除备注' },
  addLeave: { en: 'Add leave', zh: '新增请假' },
  modifyLeave: { en: 'Edit leave', zh: '修改请假' },
  removeLeave: { en: 'Delete leave', zh: '删除请假' },
  addTeam: { en: 'Add team', zh: '新增团队' },
  modifyTeam: { en: 'Edit team', zh: '修改团队' },
  removeTeam: { en: 'Delete team', zh: '删除团队' },
  activateTeam: { en: 'Activate team', zh: '启用团队' },
  deactivateTeam: { en: 'Deactivate team', zh: '停用团队' },
  addOutage: { en: 'Add team outage', zh: '新增团队停工' },
  removeOutage: { en: 'Delete team outage', zh: '删除团队停工' },
  changeTeam: { en: 'Change team', zh: '调整团队' },
  setLeader: { en: 'Set team leader', zh: '设置组长' },
  updateStatus: { en: 'Change status', zh: '修改状态' },
  changeStatus: { en: 'Change status', zh: '修改状态' },
  savePreferences: { en: 'Save preferences', zh: '保存偏好' },
  addLocation: { en: 'Add location', zh: '新增地点' },
  modifyLocation: { en: 'Edit location', zh: '修改地点' },
  removeLocation: { en: 'Delete location', zh: '删除地点' },
  revealCode: { en: 'Reveal code', zh: '查看密码' },
  keyCustody: { en: 'Key custody', zh: '钥匙保管' },
  uploadDocument: { en: 'Upload document', zh: '上传文件' },
  renameDocument: { en: 'Rename document', zh: '重命名文件' },
  removeDocument: { en: 'Delete document', zh: '删除文件' },
  addPayment: { en: 'Add payment', zh: '新增付款' },
  voidPayment: { en: 'Void payment', zh: '作废付款' },
  issueInvoice: { en: 'Issue invoice', zh: '开具发票' },
  voidInvoice: { en: 'Void invoice', zh: '作废发票' },
  addRefund: { en: 'Add refund', zh: '新增退款' },
  changeRefundStatus: { en: 'Change refund status', zh: '修改退款状态' },
  addCardRefund: { en: 'Add card refund', zh: '新增银行卡退款' },
  sell: { en: 'Sell', zh: '售出' },
  saveLines: { en: 'Save pricing lines', zh: '保存价格明细' },
  updateState: { en: 'Change job status', zh: '修改工单状态' },
  reclean: { en: 'Re-clean', zh: '返工' },
  uploadImage: { en: 'Upload photo', zh: '上传照片' },
  removeImage: { en: 'Delete photo', zh: '删除照片' },
  addReminder: { en: 'Add reminder', zh: '新增提醒' },
  modifyReminder: { en: 'Edit reminder', zh: '修改提醒' },
  setReminderDone: { en: 'Reminder done', zh: '提醒完成' },
  removeReminder: { en: 'Delete reminder', zh: '删除提醒' },
  addTask: { en: 'Add task', zh: '新增任务' },
  addPlan: { en: 'Add service plan', zh: '新增服务计划' },
  modifyPlan: { en: 'Edit service plan', zh: '修改服务计划' },
  changePlan: { en: 'Change service plan', zh: '变更服务计划' },
  planCancelJob: { en: 'Job cancelled by its plan', zh: '服务计划取消工单' },
  planUpdateJob: { en: 'Job updated by its plan', zh: '服务计划更新工单' },
  planAddJob: { en: 'Job added by its plan', zh: '服务计划新增工单' },
  resumePlan: { en: 'Resume service plan', zh: '恢复服务计划' },
  pausePlan: { en: 'Pause service plan', zh: '暂停服务计划' },
  cancelPlan: { en: 'Cancel service plan', zh: '取消服务计划' },
  skipVisit: { en: 'Skip visit', zh: '跳过上门' },
  moveVisit: { en: 'Move visit', zh: '调整上门' },
  modifyTask: { en: 'Edit task', zh: '修改任务' },
  activateTask: { en: 'Activate task', zh: '启用任务' },
  deactivateTask: { en: 'Deactivate task', zh: '停用任务' },
  removeTask: { en: 'Delete task', zh: '删除任务' },
  void: { en: 'Void', zh: '作废' },
  cashRefund: { en: 'Cash refund', zh: '现金退款' },
  cardRefundReturned: { en: 'Card refund returned', zh: '银行卡退款已退回' },
  addConnectRecord: { en: 'Add communication', zh: '新增沟通记录' },
  modifyConnectRecord: { en: 'Edit communication', zh: '修改沟通记录' },
  removeConnectRecord: { en: 'Delete communication', zh: '删除沟通记录' },
  textHandled: { en: 'Follow up a text', zh: '跟进短信' },
  notifyOnTheWay: { en: 'Send "on our way"', zh: '发送“正在路上”' },
  sendQuote: { en: 'Send quote', zh: '发送报价' },
  updateTemplates: { en: 'Edit message templates', zh: '修改消息模板' },
  updateMessageChoices: { en: 'Change message choices', zh: '修改消息偏好' },
  sendInvoice: { en: 'Send invoice', zh: '发送发票' },
  retryMessage: { en: 'Send a message again', zh: '重新发送消息' },
  simulateReply: { en: 'Reply from the text simulator', zh: '在短信模拟器中回复' },
  updateAssignments: { en: 'Change daily assignments', zh: '修改每日分配' },
  copyAssignments: { en: 'Copy daily assignments', zh: '复制每日分配' },
  completeJob: { en: 'Confirm job completed', zh: '确认工单完工' },
  uncompleteJob: { en: 'Confirm job not completed', zh: '确认工单未完成' },
  closeDay: { en: 'Close office day', zh: '关闭营业日' },
  reopenDay: { en: 'Reopen office day', zh: '重新开启营业日' },
  acknowledgeConflict: { en: 'Acknowledge schedule conflict', zh: '确认排班冲突' },
  printCodes: { en: 'Print schedule with codes', zh: '打印含密码的工作安排' },
  queueCardCharge: { en: 'Queue card charge', zh: '排入银行卡扣款' },
  requestReclean: { en: 'Request re-clean', zh: '申请返工' },
  cardChargeApproved: { en: 'Card charge approved', zh: '银行卡扣款成功' },
  cardChargeFailed: { en: 'Card charge declined', zh: '银行卡扣款被拒' },
  cardChargeRetry: { en: 'Retry card charge', zh: '重试银行卡扣款' },
  cardChargeWrittenOff: { en: 'Write off card charge', zh: '核销银行卡扣款' },
  cardChargePaidOther: { en: 'Card charge paid another way', zh: '银行卡扣款改用其他方式支付' },
  cardReconciliationRun: { en: 'Compare the card gateway', zh: '核对银行卡网关' },
  cardReconciliation_record_payment: { en: 'Record a missed card charge', zh: '登记漏记的银行卡扣款' },
  cardReconciliation_refund: { en: 'Refund a card charge through the gateway', zh: '通过网关退还银行卡扣款' },
  cardReconciliation_explain: { en: 'Explain a reconciliation difference', zh: '说明对账差异' },
  saveCard: { en: 'Save card', zh: '保存银行卡' },
  modifyPayrollSettings: { en: 'Edit payroll settings', zh: '修改工资设置' },
  modifySickLeaveMethod: { en: 'Edit paid sick leave method', zh: '修改带薪病假方式' },
  addMinimumWage: { en: 'Add minimum wage', zh: '新增最低工资' },
  removeMinimumWage: { en: 'Delete minimum wage', zh: '删除最低工资' },
  payAdjustment: { en: 'Adjust approved pay', zh: '调整已审批工资' },
};

/** Codes that appear as values in summaries and field changes. */
export const AUDIT_VALUE_TITLES: Record<string, Titles> = {
  punch_shift: { en: 'clock-in/out', zh: '上下班打卡' },
  punch_meal: { en: 'meal break', zh: '用餐休息' },
  punch_job: { en: 'job', zh: '工单' },
  punch_drive: { en: 'drive', zh: '驾驶' },
  punch_labor: { en: 'other labor', zh: '其他工时' },
  adjustment_jobPrice: { en: "a job's price corrected", zh: '工单价格已更正' },
  adjustment_tipVoided: { en: 'a tip voided', zh: '小费已作废' },
  adjustment_teamHours: { en: "a job team's hours changed", zh: '工单团队工时已更改' },
  prospect: { en: 'prospect', zh: '潜在客户' },
  active: { en: 'active', zh: '活跃' },
  inactive: { en: 'inactive', zh: '停用' },
  pending: { en: 'pending', zh: '待定' },
  not_sold: { en: 'not sold', zh: '未成交' },
  sold: { en: 'sold', zh: '已成交' },
  customer_dissatisfied: { en: 'customer dissatisfied', zh: '客户不满意' },
  damage: { en: 'damage', zh: '损坏' },
  security_concerns: { en: 'security concerns', zh: '安全顾虑' },
  not_refunded: { en: 'not refunded', zh: '未退款' },
  refunded: { en: 'refunded', zh: '已退款' },
  cash: { en: 'cash', zh: '现金' },
  check: { en: 'check', zh: '支票' },
  credit_card: { en: 'credit card', zh: '信用卡' },
  gift_certificate: { en: 'gift certificate', zh: '礼品券' },
  job_unscheduled: { en: 'unscheduled', zh: '未排期' },
  job_scheduled: { en: 'scheduled', zh: '已排期' },
  job_completed: { en: 'completed', zh: '已完成' },
  job_uncompleted: { en: 'not completed', zh: '未完成' },
  job_cancelled: { en: 'cancelled', zh: '已取消' },
  job_closed: { en: 'closed', zh: '已关闭' },
  photo_before: { en: 'before', zh: '清洁前' },
  photo_after: { en: 'after', zh: '清洁后' },
  reminder_done: { en: 'done', zh: '已完成' },
  reminder_open: { en: 'not done', zh: '未完成' },
  complimentary: { en: 'complimentary', zh: '赠送' },
  hourly: { en: 'hourly', zh: '按小时' },
  salary: { en: 'salary', zh: '固定薪资' },
  normal: { en: 'normal', zh: '正常' },
  frozen: { en: 'frozen', zh: '已冻结' },
  terminated: { en: 'terminated', zh: '已离职' },
  office_safe: { en: 'office safe', zh: '办公室保险箱' },
  with_team: { en: 'with a team', zh: '团队持有' },
  with_customer: { en: 'with the customer', zh: '客户持有' },
  key: { en: 'key', zh: '钥匙' },
  alarm: { en: 'alarm', zh: '警报' },
  gate: { en: 'gate', zh: '门禁' },
  open: { en: 'open', zh: '待处理' },
  done: { en: 'done', zh: '已完成' },
  call: { en: 'call', zh: '电话' },
  visit: { en: 'visit', zh: '拜访' },
  email: { en: 'e-mail', zh: '邮件' },
  follow_up: { en: 'follow-up', zh: '跟进' },
  scheduling: { en: 'scheduling', zh: '排期' },
  service_feedback: { en: 'service feedback', zh: '服务反馈' },
  complaint: { en: 'complaint', zh: '投诉' },
  billing: { en: 'billing', zh: '账单' },
  key_access: { en: 'key / access', zh: '钥匙 / 出入' },
  one_time: { en: 'one time', zh: '一次性' },
  weekly: { en: 'weekly', zh: '每周' },
  biweekly: { en: 'every two weeks', zh: '每两周' },
  every_four_weeks: { en: 'every four weeks', zh: '每四周' },
  monthly: { en: 'monthly', zh: '每月' },
  true: { en: 'yes', zh: '是' },
  zone: { en: 'zone', zh: '区域' },
  laborType: { en: 'labor type', zh: '工种' },
  campaign: { en: 'campaign', zh: '营销活动' },
  role: { en: 'role', zh: '角色' },
  disclaimer: { en: 'disclaimer', zh: '免责声明' },
  item: { en: 'price list item', zh: '价目项目' },
  addon: { en: 'add-on', zh: '附加项目' },
  fee: { en: 'fee', zh: '费用' },
  false: { en: 'no', zh: '否' },
  per_hourly: { en: '/hour', zh: '/小时' },
  per_salary: { en: '/pay period', zh: '/发薪周期' },
  percentage: { en: 'percentage of job price', zh: '工单价格提成' },
  per_percentage: { en: ' of the job price', zh: '（工单价格）' },
  semi_monthly: { en: 'twice a month', zh: '每月两次' },
  by_minutes: { en: 'split by in-home minutes', zh: '按在户分钟数分配' },
  full_each: { en: 'in full to each member', zh: '每人全额' },
  accrual: { en: 'accrual (1 hour per 30 hours worked)', zh: '按工时累计（每 30 小时得 1 小时）' },
  frontLoad: { en: 'front-loaded (40 hours a year)', zh: '年初预先给予（每年 40 小时）' },
  scheduled: { en: 'scheduled', zh: '待生效' },
  current: { en: 'current', zh: '当前' },
  unchanged: { en: 'unchanged', zh: '未变' },
  check_out: { en: 'checked out', zh: '借出' },
  check_in: { en: 'checked in', zh: '归还' },
  to_customer: { en: 'given to the customer', zh: '交给客户' },
  released: { en: 'released', zh: '已释放' },
  retagged: { en: 'retagged', zh: '已更换编号' },
  clear_login: { en: 'login attempts', zh: '登录记录' },
  clear_operation: { en: 'operation entries', zh: '操作记录' },
  clear_both: { en: 'login attempts and operation entries', zh: '登录记录和操作记录' },
  clear_oneMonth: { en: 'one month ago', zh: '一个月前' },
  clear_twoMonths: { en: 'two months ago', zh: '两个月前' },
  clear_threeMonths: { en: 'three months ago', zh: '三个月前' },
  clear_date: { en: 'a date', zh: '指定日期' },
  text: { en: 'text message', zh: '短信' },
  quote: { en: 'quote', zh: '报价' },
  other: { en: 'other', zh: '其他' },
};

/** Titles of the fields that field changes name most often; others show as named. */
export const AUDIT_FIELD_TITLES: Record<string, Titles> = {
  purchaseAmountCents: { en: 'purchase amount', zh: '购买金额' },
  certificateAmountCents: { en: 'certificate amount', zh: '面值' },
  purchaseMethod: { en: 'paid by', zh: '支付方式' },
  purchasedOn: { en: 'purchased on', zh: '购买日期' },
  sentOn: { en: 'sent on', zh: '寄出日期' },
  purchaserCustomerId: { en: 'purchasing customer', zh: '购买客户' },
  purchaserName: { en: 'purchaser', zh: '购买人' },
  purchaserPhone: { en: "purchaser's phone", zh: '购买人电话' },
  purchaserEmail: { en: "purchaser's e-mail", zh: '购买人邮箱' },
  recipientName: { en: 'recipient', zh: '收券人' },
  recipientPhone: { en: "recipient's phone", zh: '收券人电话' },
  recipientEmail: { en: "recipient's e-mail", zh: '收券人邮箱' },
  language: { en: 'language', zh: '语言' },
  serviceDescription: { en: 'service description', zh: '服务说明' },
  message: { en: 'message', zh: '留言' },
  officeNotes: { en: 'office notes', zh: '内部备注' },
  status: { en: 'Status', zh: '状态' },
  accountStatus: { en: 'Account status', zh: '账户状态' },
  teamId: { en: 'Team', zh: '团队' },
  name: { en: 'Name', zh: '名称' },
  nameEn: { en: 'Name (English)', zh: '英文名称' },
  nameZh: { en: 'Name (Chinese)', zh: '中文名称' },
  phone: { en: 'Phone', zh: '电话' },
  phone1: { en: 'Phone 1', zh: '电话1' },
  phone2: { en: 'Phone 2', zh: '电话2' },
  phone3: { en: 'Phone 3', zh: '电话3' },
  email: { en: 'E-mail', zh: '邮箱' },
  address1: { en: 'Address', zh: '地址' },
  city: { en: 'City', zh: '城市' },
  zip: { en: 'ZIP code', zh: '邮编' },
  enabled: { en: 'Enabled', zh: '启用' },
  active: { en: 'Active', zh: '启用' },
  reason: { en: 'Reason', zh: '原因' },
  amountCents: { en: 'Amount', zh: '金额' },
  keyLocation: { en: 'Key location', zh: '钥匙位置' },
  keyTag: { en: 'Key tag', zh: '钥匙编号' },
  holderId: { en: 'Key holder', zh: '钥匙持有人' },
  description: { en: 'Description', zh: '描述' },
  descriptionZh: { en: 'Description (Chinese)', zh: '中文描述' },
  notes: { en: 'Notes', zh: '备注' },
  maxDiscountBps: { en: 'maximum discount', zh: '最大折扣' },
  secondaryZips: { en: 'secondary ZIP codes', zh: '次要邮编' },
  password: { en: 'password', zh: '密码' },
  primaryZips: { en: 'primary ZIP codes', zh: '主要邮编' },
  defaultHourlyRateCents: { en: 'default hourly rate', zh: '默认时薪' },
  sortOrder: { en: 'sort order', zh: '排序' },
  textEn: { en: 'text (English)', zh: '英文内容' },
  textZh: { en: 'text (Chinese)', zh: '中文内容' },
  added: { en: 'added', zh: '新增' },
  removed: { en: 'removed', zh: '移除' },
  leaderOf: { en: 'Leader of', zh: '担任组长' },
};

/** Summary templates by `module.action`; `{param}` placeholders. */
export const AUDIT_SUMMARIES: Record<string, Titles> = {
  'wages.modifySickLeaveMethod': { en: 'Paid sick leave: {method}', zh: '带薪病假：{method}' },
  'wages.modifyPayrollSettings': {
    en: 'Payroll settings: {periodKind} pay periods from {anchorDate}; percentage pay {percentSplit}',
    zh: '工资设置：发薪周期{periodKind}，自 {anchorDate} 起；提成{percentSplit}',
  },
  'wages.addMinimumWage': {
    en: 'Minimum wage of {jurisdiction}: {rateCents}/hour from {date}',
    zh: '{jurisdiction}最低工资每小时 {rateCents}，自 {date} 起',
  },
  'wages.payAdjustment': {
    en: 'Adjustment of {amountCents} to the approved pay of {name} for {start} – {end}: {kind}; paid in the next open period',
    zh: '{name} 已审批工资周期 {start} – {end} 调整 {amountCents}：{kind}；在下一个未审批周期发放',
  },
  'wages.removeMinimumWage': {
    en: 'Removed the minimum wage of {jurisdiction}: {rateCents}/hour from {date}',
    zh: '删除了{jurisdiction}自 {date} 起每小时 {rateCents} 的最低工资',
  },
  'service.updateAssignments': {
    en: 'Changed the daily assignments of {date} ({employees})',
    zh: '修改了 {date} 的每日分配（{employees}）',
  },
  'service.copyAssignments': {
    en: 'Copied the daily assignments of {from} to {date} ({count:employee|employees})',
    zh: '将 {from} 的每日分配复制到 {date}（{count} 名员工）',
  },
  'board.moveJob': {
    en: 'Schedule board: moved job {reference} to {team} on {date} at {time} for {minutes} min',
    zh: '排班看板：将工单 {reference} 移到 {team}，{date} {time}，时长 {minutes} 分钟',
  },
  'board.unassignJob': {
    en: 'Schedule board: put job {reference} back in the unassigned tray',
    zh: '排班看板：将工单 {reference} 放回未分配列表',
  },
  'board.routeOrder': {
    en: 'Schedule board: new route order of {team} on {date}: {order} (drive {from} → {to} min)',
    zh: '排班看板：调整 {team} 在 {date} 的路线顺序：{order}（车程 {from} → {to} 分钟）',
  },
  'employees.freeze': { en: 'Froze the account of {name} ({uname})', zh: '冻结了 {name}（{uname}）的账户' },
  'employees.unfreeze': { en: 'Unfroze the account of {name} ({uname})', zh: '解冻了 {name}（{uname}）的账户' },
  'employees.endSessions': {
    en: 'Signed {name} ({uname}) out everywhere ({count:session|sessions} ended)',
    zh: '结束了 {name}（{uname}）的所有登录（{count} 个会话）',
  },
  'employees.changeTeam': { en: 'Moved {name} to {team}', zh: '将 {name} 调到 {team}' },
  'employees.leaveTeam': { en: 'Took {name} out of their team', zh: '将 {name} 移出所在团队' },
  'employees.setLeader': { en: '{name} leads {team}', zh: '{name} 担任 {team} 的组长' },
  'employees.enable': { en: 'Enabled employee {name} ({uname})', zh: '启用了员工 {name}（{uname}）' },
  'employees.disable': { en: 'Disabled employee {name} ({uname})', zh: '停用了员工 {name}（{uname}）' },
  'employees.terminate': {
    en: 'Terminated employee {name} ({uname}) on {date}',
    zh: '员工 {name}（{uname}）于 {date} 离职',
  },
  'employees.reinstate': { en: 'Reinstated employee {name} ({uname})', zh: '员工 {name}（{uname}）已复职' },
  'customers.revealCode': {
    en: '{user} ({uname}) revealed the {field} code of location "{location}" (#{locationId}) of customer {customer}',
    zh: '{user}（{uname}）查看了客户 {customer} 的地点「{location}」（#{locationId}）的{field}密码',
  },
  'customers.updateStatus': { en: 'Customer {name}: {from} → {to}', zh: '客户 {name}：{from} → {to}' },
  'customers.addRefund': {
    en: 'Refund of {amountCents} ({reason}, {status}) for customer #{customerId}',
    zh: '为客户 #{customerId} 退款 {amountCents}（{reason}，{status}）',
  },
  'customers.addCardRefund': {
    en: 'Card refund of {amountCents} ({reason}) of payment #{cardPaymentId} for customer #{customerId}',
    zh: '为客户 #{customerId} 将付款 #{cardPaymentId} 退款 {amountCents} 到银行卡（{reason}）',
  },
  'customers.cardRefundReturned': {
    en: 'Refund #{id} of {amountCents} returned to the card ({gatewayRefundId})',
    zh: '退款 #{id}（{amountCents}）已退回银行卡（{gatewayRefundId}）',
  },
  'customers.changeRefundStatus': {
    en: 'Refund #{id} of {amountCents}: {from} → {to}',
    zh: '退款 #{id}（{amountCents}）：{from} → {to}',
  },
  'customers.addPayment': {
    en: 'Payment of {amountCents} (+{gratuityCents} gratuity) by {method} on {date} from customer #{customerId}',
    zh: '客户 #{customerId} 于 {date} 以{method}付款 {amountCents}（另加小费 {gratuityCents}）',
  },
  'customers.voidPayment': {
    en: 'Voided payment #{id} of {amountCents} (reversal #{reversalId}): {reason}',
    zh: '作废付款 #{id}（{amountCents}，冲销 #{reversalId}）：{reason}',
  },
  'billing.issueInvoice': {
    en: 'Issued invoice {number} of {totalCents} for job {reference} to customer #{customerId}, due {dueOn}',
    zh: '为工单 {reference} 向客户 #{customerId} 开具发票 {number}，金额 {totalCents}，到期日 {dueOn}',
  },
  'billing.correctInvoice': {
    en: 'Issued invoice {number} of {totalCents} for job {reference} to customer #{customerId}, due {dueOn}, correcting {corrects}',
    zh: '为工单 {reference} 向客户 #{customerId} 开具发票 {number}，金额 {totalCents}，到期日 {dueOn}，更正发票 {corrects}',
  },
  'billing.voidInvoice': {
    en: 'Voided invoice {number} of {totalCents} ({appliedCents} paid on it back to credit): {reason}',
    zh: '作废发票 {number}（{totalCents}，其已付 {appliedCents} 转回账户余额）：{reason}',
  },
  'customers.sendQuote': {
    en: 'Sent quote {reference} to {to}',
    zh: '已将报价 {reference} 发送至 {to}',
  },
  'sales.changeStatus': { en: 'Quote {reference}: {from} → {to}', zh: '报价 {reference}：{from} → {to}' },
  'sales.changeStatusWithReason': {
    en: 'Quote {reference}: {from} → {to} ({reason})',
    zh: '报价 {reference}：{from} → {to}（{reason}）',
  },
  'campaigns.approve': { en: 'Approved the campaign "{name}"', zh: '审核通过营销活动「{name}」' },
  'campaigns.fail': { en: 'Failed the campaign "{name}": {reason}', zh: '驳回营销活动「{name}」：{reason}' },
  'record.add': { en: 'Added {kind} "{name}"', zh: '新增{kind}「{name}」' },
  'record.modify': { en: 'Modified {kind} "{name}"', zh: '修改了{kind}「{name}」' },
  'record.remove': { en: 'Removed {kind} "{name}"', zh: '删除了{kind}「{name}」' },
  'record.enable': { en: 'Enabled {kind} "{name}"', zh: '启用了{kind}「{name}」' },
  'record.disable': { en: 'Disabled {kind} "{name}"', zh: '停用了{kind}「{name}」' },
  'record.modifyFields': { en: 'Modified {kind} "{name}": {fields}', zh: '修改了{kind}「{name}」：{fields}' },
  'parameters.quoteParamsModify': { en: 'Changed the quote parameters: {fields}', zh: '修改了报价参数：{fields}' },
  'roles.setPermissions': {
    en: 'Changed the permissions of role "{name}": added {added}; removed {removed}',
    zh: '修改了角色「{name}」的权限：新增 {added}；移除 {removed}',
  },
  'sales.sendQuote': { en: 'Sent quote {reference} to {to}', zh: '已将报价 {reference} 发送至 {to}' },
  'billing.sendInvoiceEmail': {
    en: 'E-mailed invoice {number} to {customer} at {to}',
    zh: '已将发票 {number} 通过邮件发送给{customer}（{to}）',
  },
  'billing.sendInvoicePrint': { en: 'Printed invoice {number} for {customer}', zh: '已为{customer}打印发票 {number}' },
  'billing.sendInvoicePhone': {
    en: 'Invoice {number}: a call to {customer} at {to} logged to make',
    zh: '发票 {number}：已记录待致电{customer}（{to}）',
  },
  'billing.sendInvoiceText': {
    en: 'Invoice {number}: a text to {customer} at {to} logged to send',
    zh: '发票 {number}：已记录待发短信给{customer}（{to}）',
  },
  'billing.sendInvoiceFax': {
    en: 'Invoice {number}: a fax to {customer} at {to} logged to send',
    zh: '发票 {number}：已记录待传真给{customer}（{to}）',
  },
  'sales.add': {
    en: 'Added quote {reference} for {customer} ({finalOfferCents})',
    zh: '为 {customer} 新增报价 {reference}（{finalOfferCents}）',
  },
  'sales.modify': { en: 'Edited quote {reference} ({finalOfferCents})', zh: '修改了报价 {reference}（{finalOfferCents}）' },
  'sales.customerCreated': {
    en: 'Created customer {name} from sold quote {reference}',
    zh: '由已成交报价 {reference} 创建客户 {name}',
  },
  'sales.customerActivated': {
    en: 'Activated customer {name} from sold quote {reference}',
    zh: '由已成交报价 {reference} 激活客户 {name}',
  },
  'auth.changePassword': { en: '{uname} changed their own password', zh: '{uname} 修改了自己的密码' },
  'employees.add': { en: 'Added employee {name} ({uname}, {employeeNo})', zh: '新增员工 {name}（{uname}，{employeeNo}）' },
  'employees.modify': { en: 'Changed employee {name} ({uname})', zh: '修改了员工 {name}（{uname}）' },
  'employees.modifyWithPassword': {
    en: 'Changed employee {name} ({uname}), password replaced',
    zh: '修改了员工 {name}（{uname}），已更换密码',
  },
  'employees.remove': { en: 'Deleted employee {name} ({uname})', zh: '删除了员工 {name}（{uname}）' },
  'employees.setSkills': { en: 'Set the skills of {name} ({count})', zh: '设置了 {name} 的技能（{count} 项）' },
  'employees.uploadPhoto': {
    en: 'New photo of {name} ({contentType}, {bytes:byte|bytes})',
    zh: '上传了 {name} 的新照片（{contentType}，{bytes} 字节）',
  },
  'employees.removePhoto': { en: 'Removed the photo of {name}', zh: '删除了 {name} 的照片' },
  'employees.addPayRate': {
    en: 'Pay rate of {name}: {payType} {rateCents}{per} from {date}',
    zh: '{name} 的薪资标准：{payType} {rateCents}{per}，自 {date} 起',
  },
  'employees.correctPayRate': {
    en: 'Corrected the pay rate of {name} from {from}: {payType} {rateCents}{per} from {date}. Reason: {reason}',
    zh: '更正了 {name} 自 {from} 起的薪资标准：{payType} {rateCents}{per}，自 {date} 起。原因：{reason}',
  },
  'employees.removePayRate': {
    en: 'Removed the {which} pay rate {rateCents} from {date}. Reason: {reason}',
    zh: '删除了{which}薪资标准 {rateCents}（自 {date} 起）。原因：{reason}',
  },
  'employees.addSkill': { en: 'Added skill {nameEn} / {nameZh}', zh: '新增技能 {nameZh} / {nameEn}' },
  'employees.modifySkill': { en: 'Changed skill {name}', zh: '修改了技能 {name}' },
  'employees.removeSkill': {
    en: 'Removed skill {name} (held by {count:employee|employees})',
    zh: '删除了技能 {name}（{count} 名员工持有）',
  },
  'employees.addRemark': { en: 'Remark on {name} dated {date}', zh: '为 {name} 添加了 {date} 的备注' },
  'employees.modifyRemark': { en: 'Changed the remark of {date}', zh: '修改了 {date} 的备注' },
  'employees.removeRemark': { en: 'Deleted the remark of {date}', zh: '删除了 {date} 的备注' },
  'employees.addTeam': { en: 'Added {team}', zh: '新增团队：{team}' },
  'employees.modifyTeam': { en: 'Changed {team}', zh: '修改了团队：{team}' },
  'employees.removeTeam': { en: 'Deleted {team}', zh: '删除了团队：{team}' },
  'employees.activateTeam': { en: 'Activated {team}', zh: '启用了团队：{team}' },
  'employees.deactivateTeam': { en: 'Deactivated {team}', zh: '停用了团队：{team}' },
  'employees.addOutage': { en: '{team} out {from} – {to}: {reason}', zh: '{team} 停工 {from} – {to}：{reason}' },
  'employees.removeOutage': {
    en: '{team} no longer out {from} – {to} ({reason})',
    zh: '取消 {team} 的停工 {from} – {to}（{reason}）',
  },
  'employees.addLeave': { en: 'Leave of {name}: {span}', zh: '{name} 请假：{span}' },
  'employees.modifyLeave': { en: 'Changed leave of {name}: {span}', zh: '修改了 {name} 的请假：{span}' },
  'employees.removeLeave': { en: 'Deleted leave {span}', zh: '删除了请假 {span}' },
  'customers.uploadDocument': {
    en: 'Uploaded "{name}" ({bytes:byte|bytes}) for customer #{customerId}',
    zh: '为客户 #{customerId} 上传了「{name}」（{bytes} 字节）',
  },
  'customers.renameDocument': {
    en: 'Renamed document "{from}" to "{to}" (customer #{customerId})',
    zh: '将文件「{from}」重命名为「{to}」（客户 #{customerId}）',
  },
  'customers.removeDocument': {
    en: 'Removed document "{name}" of customer #{customerId}',
    zh: '删除了客户 #{customerId} 的文件「{name}」',
  },
  'customers.add': { en: 'Added customer {name} ({status})', zh: '新增客户 {name}（{status}）' },
  'customers.modify': { en: 'Edited customer {name}', zh: '修改了客户 {name}' },
  'customers.remove': { en: 'Removed customer {name}', zh: '删除了客户 {name}' },
  'customers.savePreferences': { en: 'Saved the preferences of customer #{customerId}', zh: '保存了客户 #{customerId} 的偏好' },
  'customers.addLocation': {
    en: 'Added location "{name}" ({address}) to customer #{customerId}',
    zh: '为客户 #{customerId} 新增地点「{name}」（{address}）',
  },
  'customers.modifyLocation': {
    en: 'Edited location "{name}" of customer #{customerId}',
    zh: '修改了客户 #{customerId} 的地点「{name}」',
  },
  'customers.removeLocation': {
    en: 'Removed location "{name}" of customer #{customerId}',
    zh: '删除了客户 #{customerId} 的地点「{name}」',
  },
  'customers.keyCustody': {
    en: 'Key of location "{name}" (tag {tag}): {event}',
    zh: '地点「{name}」的钥匙（编号 {tag}）：{event}',
  },
  'customers.addConnectRecord': {
    en: 'Logged a {type} with {customer}: {subject}',
    zh: '记录了与 {customer} 的{type}：{subject}',
  },
  'customers.modifyConnectRecord': {
    en: 'Edited communication "{subject}" of customer #{customerId}',
    zh: '修改了客户 #{customerId} 的沟通记录「{subject}」',
  },
  'customers.updateMessageChoices': {
    en: 'Changed the message choices of customer #{customerId}: {fields}',
    zh: '修改了客户 #{customerId} 的消息偏好：{fields}',
  },
  'messaging.updateTemplates': {
    en: 'Changed the {event} messages (sent: {enabled})',
    zh: '修改了「{event}」消息（发送：{enabled}）',
  },
  'customers.removeConnectRecord': {
    en: 'Removed communication "{subject}" of customer #{customerId}',
    zh: '删除了客户 #{customerId} 的沟通记录「{subject}」',
  },
  'customers.textHandled': { en: 'Followed up the text from {phone}', zh: '跟进了来自 {phone} 的短信' },
  'service.notifyOnTheWay': {
    en: 'Told the customer of job {reference} the team is on its way ({count:message|messages})',
    zh: '已通知工单 {reference} 的客户团队正在路上（{count} 条消息）',
  },
  'customers.retryMessage': {
    en: 'Queued message #{id} to customer #{customerId} again',
    zh: '已重新排队发送客户 #{customerId} 的消息 #{id}',
  },
  'customers.simulateReply': {
    en: 'Replied "{body}" from {phone} in the text simulator',
    zh: '在短信模拟器中以 {phone} 回复「{body}」',
  },
  'parameters.mailParamsModify': { en: 'Changed the e-mail settings: {fields}', zh: '修改了邮件设置：{fields}' },
  'parameters.messageParamsModify': {
    en: 'Changed the text message settings: {fields}',
    zh: '修改了短信设置：{fields}',
  },
  'parameters.profileModify': { en: 'Changed the business profile: {fields}', zh: '修改了企业信息：{fields}' },
  'parameters.paymentParamsModify': { en: 'Changed the payment parameters: {fields}', zh: '修改了支付参数：{fields}' },
  'parameters.paymentParamsModifyWithKey': {
    en: 'Changed the payment parameters: {fields}; API access key replaced',
    zh: '修改了支付参数：{fields}；已更换 API 访问密钥',
  },
  'priceList.addRate': {
    en: 'New rate of "{name}" from {date}: {priceCents}, {minutes} min',
    zh: '「{name}」自 {date} 起的新价格：{priceCents}，{minutes} 分钟',
  },
  'priceList.replaceRate': {
    en: 'Replaced the scheduled rate of "{name}" from {date}: {fromPriceCents}, {fromMinutes} min → {priceCents}, {minutes} min',
    zh: '替换了「{name}」自 {date} 起的待生效价格：{fromPriceCents}，{fromMinutes} 分钟 → {priceCents}，{minutes} 分钟',
  },
  'priceList.removeRate': {
    en: 'Canceled the scheduled rate of "{name}" from {date} ({priceCents}, {minutes} min)',
    zh: '取消了「{name}」自 {date} 起的待生效价格（{priceCents}，{minutes} 分钟）',
  },
  'service.completeJob': {
    en: 'Job completion: job {reference} completed in {minutes} min, tips {tipCents}, paid on site {paidCents} ({method})',
    zh: '工单完工确认：工单 {reference} 已完成，用时 {minutes} 分钟，小费 {tipCents}，现场收款 {paidCents}（{method}）',
  },
  'service.queueCardCharge': {
    en: 'Job completion: card charge {serial} of {amountCents} queued for job {reference}',
    zh: '工单完工确认：为工单 {reference} 排入银行卡扣款 {serial}，金额 {amountCents}',
  },
  'service.requestReclean': {
    en: 'Job completion: re-clean {reclean} of job {reference} requested: {reason}',
    zh: '工单完工确认：为工单 {reference} 申请返工 {reclean}：{reason}',
  },
  'service.uncompleteJob': {
    en: 'Job completion: job {reference} not completed: {reason}',
    zh: '工单完工确认：工单 {reference} 未完成：{reason}',
  },
  'office.closeDay': {
    en: 'Closed the office day {date}: {jobs:job|jobs} closed, cash counted {countedCashCents}, checks counted {countedCheckCents}',
    zh: '关闭了 {date} 的营业日：关闭工单 {jobs} 个，清点现金 {countedCashCents}，清点支票 {countedCheckCents}',
  },
  'office.acknowledgeConflict': {
    en: 'Start of Day {date}: acknowledged the schedule conflict of {team} (jobs {references})',
    zh: '{date} 开工检查：确认了 {team} 的排班冲突（工单 {references}）',
  },
  'office.reopenDay': {
    en: 'Reopened the office day {date} ({jobs:job|jobs} back to confirmed): {reason}',
    zh: '重新开启了 {date} 的营业日（{jobs} 个工单恢复为已确认）：{reason}',
  },
  'office.cardChargeApproved': {
    en: 'Card charge {serial} of {amountCents} approved ({brand} •••• {last4}, transaction {transactionId}) for customer #{customerId}',
    zh: '银行卡扣款 {serial}（{amountCents}）成功（{brand} •••• {last4}，交易号 {transactionId}），客户 #{customerId}',
  },
  'office.cardChargeFailed': {
    en: 'Card charge {serial} of {amountCents} declined ({declineCode}) for customer #{customerId}',
    zh: '银行卡扣款 {serial}（{amountCents}）被拒（{declineCode}），客户 #{customerId}',
  },
  'office.cardChargeRetry': {
    en: 'Failed card charge {serial} queued again on the card now on file ({brand} •••• {last4})',
    zh: '失败的银行卡扣款 {serial} 已改用当前银行卡（{brand} •••• {last4}）重新排队',
  },
  'office.cardChargeWrittenOff': {
    en: 'Failed card charge {serial} of {amountCents} written off: {note}',
    zh: '失败的银行卡扣款 {serial}（{amountCents}）已核销：{note}',
  },
  'office.cardChargePaidOther': {
    en: 'Failed card charge {serial} of {amountCents} paid another way ({method}, payment #{paymentId})',
    zh: '失败的银行卡扣款 {serial}（{amountCents}）已改用其他方式支付（{method}，付款 #{paymentId}）',
  },
  'billing.cardReconciliationRun': {
    en: 'Compared the card gateway with our records for {date}: {open} open, {added} new, {matched} matched since',
    zh: '核对了 {date} 的银行卡网关与本系统记录：未处理 {open} 项，新增 {added} 项，已匹配 {matched} 项',
  },
  'billing.cardReconciliation_record_payment': {
    en: 'Gateway charge {gatewayId} of {amountCents} recorded as payment #{paymentId}',
    zh: '网关扣款 {gatewayId}（{amountCents}）已登记为付款 #{paymentId}',
  },
  'billing.cardReconciliation_refund': {
    en: 'Gateway charge {gatewayId} of {amountCents} refunded through the gateway ({gatewayRefundId}): {note}',
    zh: '网关扣款 {gatewayId}（{amountCents}）已通过网关退款（{gatewayRefundId}）：{note}',
  },
  'billing.cardReconciliation_explain': {
    en: 'Reconciliation difference {gatewayId} ({amountCents}) explained: {note}',
    zh: '对账差异 {gatewayId}（{amountCents}）已说明：{note}',
  },
  'customers.saveCard': {
    en: 'Saved card {brand} •••• {last4} (expires {expMonth}/{expYear}) for customer #{customerId}',
    zh: '为客户 #{customerId} 保存了银行卡 {brand} •••• {last4}（有效期 {expMonth}/{expYear}）',
  },
  'office.printCodes': {
    en: '{user} printed the daily schedule of {date} with the alarm and gate codes of {count:job|jobs}',
    zh: '{user} 打印了 {date} 的每日工作安排，含 {count} 个工单的警报和门禁密码',
  },
  'timeCards.addPunch': {
    en: 'Time card of {name} on {date}: added {kind} {span}. Reason: {reason}',
    zh: '{name} {date} 的考勤：新增{kind} {span}。原因：{reason}',
  },
  'timeCards.updatePunch': {
    en: 'Time card of {name} on {date}: corrected {kind} {before} → {after}. Reason: {reason}',
    zh: '{name} {date} 的考勤：更正{kind} {before} → {after}。原因：{reason}',
  },
  'timeCards.removePunch': {
    en: 'Time card of {name} on {date}: removed {kind} {span}. Reason: {reason}',
    zh: '{name} {date} 的考勤：删除{kind} {span}。原因：{reason}',
  },
  'timeCards.updateDay': {
    en: 'Time card of {name} on {date}: {missedRestBreaks:missed rest break|missed rest breaks}; note: {note}',
    zh: '{name} {date} 的考勤：未休息 {missedRestBreaks} 次；备注：{note}',
  },
  'timeCards.approvePeriod': {
    en: 'Approved the pay period {start} – {end} for {count:employee|employees}',
    zh: '审批了工资周期 {start} – {end}（{count} 名员工）',
  },
  'timeCards.reopenPeriod': {
    en: 'Reopened the pay period {start} – {end} for {count:employee|employees}. Reason: {reason}',
    zh: '重新开启了工资周期 {start} – {end}（{count} 名员工）。原因：{reason}',
  },
  'timeCards.addMealWaiver': {
    en: 'Meal waiver of {name}: waives meal {meal} from {date}. Note: {note}',
    zh: '{name} 的用餐休息放弃书：自 {date} 起放弃第 {meal} 次用餐休息。备注：{note}',
  },
  'timeCards.revokeMealWaiver': {
    en: 'Meal waiver of {name} for meal {meal} (signed on {signedOn}): revoked from {date}',
    zh: '{name} 第 {meal} 次用餐休息放弃书（签署于 {signedOn}）：自 {date} 起撤销',
  },
  'field.fieldPunch': {
    en: 'Field app: {name}, {kind} at {time} (work day {date})',
    zh: '外勤应用：{name}，{kind}，{time}（工作日 {date}）',
  },
  'field.fieldJobEvent': {
    en: 'Field app: {name}, {kind} at job {reference}, {time}',
    zh: '外勤应用：{name}，工单 {reference}：{kind}，{time}',
  },
  'field.resolveJobConflict': {
    en: 'Field app conflict of job {reference} resolved by the office',
    zh: '办公室已处理工单 {reference} 的外勤应用冲突',
  },
  'field.resolveCardConflicts': {
    en: 'Field app conflicts of {name} on {date} resolved by the office ({count})',
    zh: '办公室已处理 {name} 在 {date} 的外勤应用冲突（{count} 项）',
  },
  'field.fieldConflict': {
    en: 'Field app: {name}, {kind} recorded at {time} was not applied: the office changed it meanwhile (flagged for the office)',
    zh: '外勤应用：{name} 于 {time} 记录的{kind}未生效：办公室在此期间已更改（已提醒办公室）',
  },
  'service.add': { en: 'Added job {reference} ({status})', zh: '新增工单 {reference}（{status}）' },
  'service.addReclean': {
    en: 'Added re-clean {reference} of job {source}: {reason}',
    zh: '新增工单 {source} 的返工 {reference}：{reason}',
  },
  'service.reclean': { en: 'Re-clean {reclean} created: {reason}', zh: '已创建返工 {reclean}：{reason}' },
  'service.modify': { en: 'Modified job {reference}: {fields}', zh: '修改了工单 {reference}：{fields}' },
  'service.saveLines': {
    en: 'Saved {count:pricing line|pricing lines} of job {reference}: invoice total {invoiceTotalCents}',
    zh: '保存了工单 {reference} 的 {count} 条价格明细：发票总额 {invoiceTotalCents}',
  },
  'service.updateState': { en: 'Job {reference}: {from} → {to}', zh: '工单 {reference}：{from} → {to}' },
  'service.addPayment': {
    en: 'Payment of {amountCents} ({method}) on {date} for job {reference}',
    zh: '工单 {reference} 于 {date} 收款 {amountCents}（{method}）',
  },
  'service.uploadImage': {
    en: 'Uploaded {kind} photo "{name}" ({bytes:byte|bytes}) to job {reference}',
    zh: '为工单 {reference} 上传了{kind}照片「{name}」（{bytes} 字节）',
  },
  'service.removeImage': { en: 'Removed {kind} photo "{name}"', zh: '删除了{kind}照片「{name}」' },
  'service.addReminder': { en: 'Reminder due {date}: {note}', zh: '提醒（{date} 到期）：{note}' },
  'service.modifyReminder': { en: 'Changed reminder #{id}: {fields}', zh: '修改了提醒 #{id}：{fields}' },
  'service.setReminderDone': { en: 'Reminder #{id} {done}: {note}', zh: '提醒 #{id} {done}：{note}' },
  'service.removeReminder': { en: 'Removed reminder: {note}', zh: '删除了提醒：{note}' },
  'service.addPlan': {
    en: 'Added service plan {reference} ({rrule} from {date}); lines: {lines}; {jobs:job|jobs} generated',
    zh: '新增服务计划 {reference}（{rrule}，自 {date} 起）；明细：{lines}；生成工单 {jobs} 个',
  },
  // The demo's plans, made by the seed (no lines or jobs counted then).
  'service.addPlanSeeded': {
    en: 'Added service plan {reference} ({rrule} from {date})',
    zh: '新增服务计划 {reference}（{rrule}，自 {date} 起）',
  },
  'service.modifyPlan': { en: 'Changed the notes of service plan {reference}', zh: '修改了服务计划 {reference} 的备注' },
  'service.changePlan': {
    en: 'Changed service plan {reference} from {date}: {added} added, {moved} moved, {repriced} re-priced, {cancelled} cancelled, {kept} kept',
    zh: '自 {date} 起变更服务计划 {reference}：新增 {added}、调整 {moved}、重新定价 {repriced}、取消 {cancelled}、保留 {kept}',
  },
  'service.planCancelJob': { en: 'Job {reference} of {date} cancelled: {note}', zh: '{date} 的工单 {reference} 已取消：{note}' },
  'service.planUpdateJob': {
    en: 'Job {reference} updated by the change of plan {plan} from {date}',
    zh: '工单 {reference} 因服务计划 {plan} 自 {date} 起的变更而更新',
  },
  'service.planAddJob': {
    en: 'Job for {date} added by the change of plan {plan}',
    zh: '服务计划 {plan} 的变更新增了 {date} 的工单',
  },
  'service.resumePlan': {
    en: 'Resumed service plan {reference} from {date} (reason: {reason}): {cancelled:job|jobs} cancelled, {created} created',
    zh: '自 {date} 起恢复服务计划 {reference}（原因：{reason}）：取消工单 {cancelled} 个，新增 {created} 个',
  },
  'service.pausePlan': {
    en: 'Paused service plan {reference} from {date} (reason: {reason}): {cancelled:job|jobs} cancelled, {created} created',
    zh: '自 {date} 起暂停服务计划 {reference}（原因：{reason}）：取消工单 {cancelled} 个，新增 {created} 个',
  },
  'service.cancelPlan': {
    en: 'Cancelled service plan {reference} from {date} (reason: {reason}): {cancelled:job|jobs} cancelled, {created} created',
    zh: '自 {date} 起取消服务计划 {reference}（原因：{reason}）：取消工单 {cancelled} 个，新增 {created} 个',
  },
  'service.skipVisit': {
    en: 'Skipped the visit of {date} of plan {plan} (job {reference}): {reason}',
    zh: '跳过服务计划 {plan} 在 {date} 的上门（工单 {reference}）：{reason}',
  },
  'service.skipVisitJob': {
    en: 'Job {reference} skipped (plan {plan}): {reason}',
    zh: '工单 {reference} 已跳过（服务计划 {plan}）：{reason}',
  },
  'service.moveVisit': {
    en: 'Moved the visit of {date} of plan {plan} (job {reference}) from {from} to {to}',
    zh: '将服务计划 {plan} 在 {date} 的上门（工单 {reference}）从 {from} 调整到 {to}',
  },
  'service.addTask': {
    en: 'Added task {reference} {name} ({rrule} from {date})',
    zh: '新增任务 {reference} {name}（{rrule}，自 {date} 起）',
  },
  'service.modifyTask': { en: 'Changed task {reference} {name}: {fields}', zh: '修改了任务 {reference} {name}：{fields}' },
  'service.activateTask': { en: 'Activated task {reference} {name}', zh: '启用了任务 {reference} {name}' },
  'service.deactivateTask': { en: 'Deactivated task {reference} {name}', zh: '停用了任务 {reference} {name}' },
  'service.removeTask': { en: 'Deleted task {reference} {name}', zh: '删除了任务 {reference} {name}' },
  'giftCertificates.sell': {
    en: 'Sold gift certificate {number} worth {certificateAmountCents} ({purchaseAmountCents} by {purchaseMethod}) from {purchaser} for {recipient}',
    zh: '售出礼品券 {number}，面值 {certificateAmountCents}（{purchaseMethod} {purchaseAmountCents}），购买人 {purchaser}，收券人 {recipient}',
  },
  'giftCertificates.modify': { en: 'Edited gift certificate {number}: {fields}', zh: '修改了礼品券 {number}：{fields}' },
  'giftCertificates.void': {
    en: 'Voided gift certificate {number} (balance {balanceCents} cancelled): {reason}',
    zh: '作废礼品券 {number}（注销余额 {balanceCents}）：{reason}',
  },
  'giftCertificates.cashRefund': {
    en: 'Paid out the balance {amountCents} of gift certificate {number} in cash (Civil Code 1749.5). {note}',
    zh: '以现金退还礼品券 {number} 的余额 {amountCents}（加州民法典第 1749.5 条）。{note}',
  },
  'logs.clear': {
    en: 'Cleared {target} before {date} ({option}): {logins:login attempt|login attempts}, {operations:operation entry|operation entries} deleted',
    zh: '清理了 {date} 之前的{target}（{option}）：删除登录记录 {logins} 条、操作记录 {operations} 条',
  },
};

export const auditActionTitle = (action: string, locale: Locale): string => AUDIT_ACTION_TITLES[action]?.[locale] ?? action;

/** A changed field as the screens name it: the log's own titles, the request field labels, then the log's extra ones. */
export const auditFieldTitle = (field: string, locale: Locale): string =>
  AUDIT_FIELD_TITLES[field]?.[locale] ??
  fieldLabelOf(field, locale) ??
  AUDIT_MORE_FIELD_TITLES[field]?.[locale] ??
  dynamicFieldTitle(field, locale) ??
  field;

/** A value of a summary or a field change as the viewer reads it: codes as titles, nothing as '—'. */
export function auditValueText(value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => auditValueText(v, locale)).join(', ') : '—';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([field, v]) => `${auditFieldTitle(field, locale)}: ${auditValueText(v, locale)}`)
      .join(', ');
  const text = String(value);
  const titled = (AUDIT_VALUE_TITLES[text] ?? AUDIT_MORE_VALUE_TITLES[text])?.[locale];
  if (titled) return titled;
  // A recurrence in words; a permission (a screen's path) by the screen's title.
  if (text.startsWith('FREQ=')) return rruleText(text, locale) ?? text;
  if (text.startsWith('/')) return ALL_SCREENS.find((s) => s.permission === text)?.title[locale] ?? text;
  return text;
}

/** The summary of an entry in `locale`, or null when it has no template (the stored summary stands). */
export function renderAuditSummary(
  entry: { module: string; action: string; details: AuditDetails | null | undefined },
  locale: Locale,
): string | null {
  const details = entry.details;
  if (!details) return null;
  const params = details.params;
  const template = (AUDIT_SUMMARIES[details.key ?? `${entry.module}.${entry.action}`] ??
    (params.kind ? AUDIT_SUMMARIES[`record.${entry.action}`] : undefined))?.[locale];
  if (!template) return null;
  return withPlurals(template, params, locale).replace(/\{(\w+)\}/g, (_whole, name: string) => {
    // A bilingual record (role, labor type, price list item) is named in the viewer's language.
    const localized = `${name}${locale === 'zh' ? 'Zh' : 'En'}`;
    if (!(name in params) && localized in params) return String(params[localized]);
    // A fact the entry did not record (an older entry) reads as nothing, never as its placeholder.
    if (!(name in params)) return '—';
    const value = params[name];
    if (name === 'fields' && Array.isArray(value)) return value.map((f) => auditFieldTitle(f, locale)).join(', ');
    if (name.endsWith('Cents') && typeof value === 'number') return formatCents(value, locale);
    return auditValueText(value, locale);
  });
}
