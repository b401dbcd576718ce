import type { Locale } from '../constants';
import type { Titles } from '../menu';

/**
 * More words of the operation log (issue 23 item 4): the titles of every field a change records, as the
 * screens name it, values the first list lacked, and recurrence rules (RRULE) in words. Kept apart from
 * audit-texts.ts so a shared field-label dictionary can replace AUDIT_MORE_FIELD_TITLES in one place.
 */
export const AUDIT_MORE_FIELD_TITLES: Record<string, Titles> = {
  // Campaigns
  auditReason: { en: 'Review reason', zh: '审核原因' },
  auditStatus: { en: 'Review status', zh: '审核状态' },
  category: { en: 'Category', zh: '类别' },
  costCents: { en: 'Cost', zh: '成本' },
  couponCode: { en: 'Coupon code', zh: '优惠码' },
  couponKind: { en: 'Coupon type', zh: '优惠类型' },
  couponValue: { en: 'Coupon value', zh: '优惠额度' },
  couponDiscountCents: { en: 'Coupon discount', zh: '优惠金额' },
  sourceName: { en: 'Source name', zh: '来源名称' },
  startDate: { en: 'Start date', zh: '开始日期' },
  endDate: { en: 'End date', zh: '结束日期' },
  startTime: { en: 'Start time', zh: '开始时间' },
  endTime: { en: 'End time', zh: '结束时间' },
  // Customers and locations
  address2: { en: 'Address line 2', zh: '地址第二行' },
  addressKey: { en: 'Address key', zh: '地址标识' },
  alarmCode: { en: 'Alarm code', zh: '警报密码' },
  gateCode: { en: 'Gate code', zh: '门禁密码' },
  channel: { en: 'Channel', zh: '渠道' },
  contactDate: { en: 'Contact date', zh: '联系日期' },
  contactPhone: { en: 'Contact phone', zh: '联系电话' },
  details: { en: 'Details', zh: '详情' },
  followUpDate: { en: 'Follow-up date', zh: '跟进日期' },
  frequency: { en: 'Frequency', zh: '服务频率' },
  healthConcern: { en: 'Health concern', zh: '健康顾虑' },
  invoiceType: { en: 'Invoice type', zh: '发票类型' },
  keyHolderId: { en: 'Key holder', zh: '钥匙持有人' },
  loggedForId: { en: 'Logged for', zh: '记录对象' },
  note: { en: 'Note', zh: '备注' },
  noteDirections: { en: 'Directions note', zh: '路线备注' },
  paymentMethod: { en: 'Payment method', zh: '付款方式' },
  preferredStartTime: { en: 'Preferred start time', zh: '首选开始时间' },
  primaryContact: { en: 'Primary contact', zh: '主要联系人' },
  purpose: { en: 'Purpose', zh: '目的' },
  scheduledMethod: { en: 'Scheduling method', zh: '排期方式' },
  serviceTeamId: { en: 'Service team', zh: '服务团队' },
  sqft: { en: 'Square feet', zh: '面积（平方英尺）' },
  subject: { en: 'Subject', zh: '主题' },
  travelDirections: { en: 'Travel directions', zh: '行车路线' },
  type: { en: 'Type', zh: '类型' },
  zoneId: { en: 'Zone', zh: '区域' },
  // Employees
  allDay: { en: 'All day', zh: '全天' },
  birthDate: { en: 'Date of birth', zh: '出生日期' },
  color: { en: 'Color', zh: '颜色' },
  textColor: { en: 'Text color', zh: '文字颜色' },
  content: { en: 'Content', zh: '内容' },
  defaultZoneId: { en: 'Default zone', zh: '默认区域' },
  driverLicenseExpiry: { en: "Driver's license expiry", zh: '驾照有效期' },
  driverLicenseNo: { en: "Driver's license number", zh: '驾照号码' },
  effectiveFrom: { en: 'Effective from', zh: '生效日期' },
  emergencyContact: { en: 'Emergency contact', zh: '紧急联系人' },
  emergencyPhone: { en: 'Emergency phone', zh: '紧急联系电话' },
  employeeNo: { en: 'Employee number', zh: '员工编号' },
  hireDate: { en: 'Hire date', zh: '入职日期' },
  isPaid: { en: 'Paid', zh: '带薪' },
  laborTypeId: { en: 'Labor type', zh: '工种' },
  leaderId: { en: 'Team leader', zh: '组长' },
  leaveId: { en: 'Leave', zh: '请假' },
  location: { en: 'Location', zh: '地点' },
  mobile: { en: 'Mobile', zh: '手机' },
  outageId: { en: 'Team outage', zh: '团队停工' },
  payRateId: { en: 'Pay rate', zh: '薪资标准' },
  payType: { en: 'Pay type', zh: '薪资类型' },
  rateCents: { en: 'Rate', zh: '费率' },
  referredBy: { en: 'Referred by', zh: '推荐人' },
  remarkId: { en: 'Remark', zh: '备注' },
  roleId: { en: 'Role', zh: '角色' },
  skillIds: { en: 'Skills', zh: '技能' },
  terminatedOn: { en: 'Termination date', zh: '离职日期' },
  terminationReason: { en: 'Termination reason', zh: '离职原因' },
  uname: { en: 'User name', zh: '用户名' },
  vehicle: { en: 'Vehicle', zh: '车辆' },
  // Gift certificates
  balanceCents: { en: 'Balance', zh: '余额' },
  // Labor types, logs, parameters, roles, zones
  countsAsInHome: { en: 'Counts as in-home time', zh: '计入在户时间' },
  cutoffDate: { en: 'Cut-off date', zh: '截止日期' },
  loginDeleted: { en: 'Login attempts deleted', zh: '已删除登录记录' },
  operationDeleted: { en: 'Operation entries deleted', zh: '已删除操作记录' },
  apiAccessKey: { en: 'API access key', zh: 'API 访问密钥' },
  cardTypes: { en: 'Accepted card types', zh: '接受的银行卡类型' },
  fromAddress: { en: 'Sender address', zh: '发件人地址' },
  fromName: { en: 'Sender name', zh: '发件人名称' },
  host: { en: 'Mail server', zh: '邮件服务器' },
  port: { en: 'Port', zh: '端口' },
  username: { en: 'Account name', zh: '账户名' },
  keys: { en: 'Permissions', zh: '权限' },
  code: { en: 'Code', zh: '代码' },
  exceptionZips: { en: 'Excluded ZIP codes', zh: '排除邮编' },
  // Sales
  campaignId: { en: 'Campaign', zh: '营销活动' },
  county: { en: 'County', zh: '县' },
  finalOfferCents: { en: 'Final offer', zh: '最终报价' },
  housingArea: { en: 'Housing area', zh: '住房面积' },
  inHomeMinutes: { en: 'In-home minutes', zh: '在户分钟数' },
  occupants: { en: 'Occupants', zh: '居住人数' },
  quoteType: { en: 'Quote type', zh: '报价类型' },
  source: { en: 'Source', zh: '来源' },
  teamSize: { en: 'Team size', zh: '团队人数' },
  travelMinutes: { en: 'Travel minutes', zh: '路途分钟数' },
  // Service: jobs, plans, tasks, reminders, assignments
  actualMinutes: { en: 'Actual minutes', zh: '实际分钟数' },
  budgetMinutes: { en: 'Budget minutes', zh: '预算分钟数' },
  dueDate: { en: 'Due date', zh: '到期日期' },
  durationMinutes: { en: 'Duration', zh: '时长' },
  intervalWeeks: { en: 'Interval (weeks)', zh: '间隔（周）' },
  invoiceTotalCents: { en: 'Invoice total', zh: '发票总额' },
  movedByHand: { en: 'Moved by hand', zh: '手动调整' },
  patternFrom: { en: 'Pattern from', zh: '规律起始日期' },
  preferredTeamId: { en: 'Preferred team', zh: '首选团队' },
  quotedMinutes: { en: 'Quoted minutes', zh: '报价分钟数' },
  revenueCents: { en: 'Revenue', zh: '收入' },
  rrule: { en: 'Recurrence', zh: '重复规律' },
  serviceDate: { en: 'Service date', zh: '服务日期' },
  servicePriceCents: { en: 'Service price', zh: '服务价格' },
  startMinutes: { en: 'Start time', zh: '开始时间' },
  statusReason: { en: 'Status reason', zh: '状态原因' },
  subtotalCents: { en: 'Subtotal', zh: '小计' },
  teamIds: { en: 'Teams', zh: '团队' },
  windowStartMinutes: { en: 'Arrival window from', zh: '到达时间窗开始' },
  windowEndMinutes: { en: 'Arrival window to', zh: '到达时间窗结束' },
  tipCents: { en: 'Tip', zh: '小费' },
  unitPriceCents: { en: 'Unit price', zh: '单价' },
  // Time cards and wages
  mealWaiverId: { en: 'Meal waiver', zh: '用餐休息放弃书' },
  missedRestBreaks: { en: 'Missed rest breaks', zh: '未休息次数' },
  punchId: { en: 'Punch', zh: '打卡' },
  revokedOn: { en: 'Revoked on', zh: '撤销日期' },
  userIds: { en: 'Employees', zh: '员工' },
  percentSplit: { en: 'Percentage pay split', zh: '提成分配方式' },
  periodKind: { en: 'Pay period', zh: '发薪周期' },
};

/** Values the first list lacked. */
export const AUDIT_MORE_VALUE_TITLES: Record<string, Titles> = {
  used: { en: 'in use', zh: '使用中' },
  not_used: { en: 'paused', zh: '已暂停' },
  cancelled: { en: 'cancelled', zh: '已取消' },
  zero_balance: { en: 'no balance left', zh: '余额为零' },
  written_off: { en: 'written off', zh: '已核销' },
  paid_other: { en: 'paid another way', zh: '已用其他方式支付' },
  visa: { en: 'Visa', zh: 'Visa' },
  mastercard: { en: 'Mastercard', zh: 'Mastercard' },
  amex: { en: 'Amex', zh: 'Amex' },
  discover: { en: 'Discover', zh: 'Discover' },
  generic_decline: { en: 'declined', zh: '被拒' },
  insufficient_funds: { en: 'insufficient funds', zh: '余额不足' },
  expired_card: { en: 'expired card', zh: '卡已过期' },
  incorrect_cvc: { en: 'incorrect CVC', zh: '安全码错误' },
  processing_error: { en: 'processing error', zh: '处理出错' },
  lost_card: { en: 'lost card', zh: '卡已挂失' },
  stolen_card: { en: 'stolen card', zh: '卡被盗' },
  gateway_unreachable: { en: 'payment gateway unreachable', zh: '支付网关无法连接' },
};

/** A field name that carries a record's own words: a dated rate, a person's team. */
export function dynamicFieldTitle(field: string, locale: Locale): string | undefined {
  const rate = /^rate (\d{4}-\d{2}-\d{2})$/.exec(field);
  if (rate) return locale === 'zh' ? `${rate[1]} 起的价格` : `Rate from ${rate[1]}`;
  const team = /^team of (.+)$/.exec(field);
  if (team) return locale === 'zh' ? `${team[1]} 的团队` : `Team of ${team[1]}`;
  return undefined;
}

const WEEKDAYS: Record<string, Titles> = {
  SU: { en: 'Sunday', zh: '星期日' },
  MO: { en: 'Monday', zh: '星期一' },
  TU: { en: 'Tuesday', zh: '星期二' },
  WE: { en: 'Wednesday', zh: '星期三' },
  TH: { en: 'Thursday', zh: '星期四' },
  FR: { en: 'Friday', zh: '星期五' },
  SA: { en: 'Saturday', zh: '星期六' },
};
const NTH: Record<string, Titles> = {
  '1': { en: '1st', zh: '第 1 个' },
  '2': { en: '2nd', zh: '第 2 个' },
  '3': { en: '3rd', zh: '第 3 个' },
  '4': { en: '4th', zh: '第 4 个' },
  '-1': { en: 'last', zh: '最后一个' },
};

/**
 * An RRULE of the subset the product makes (contract rruleOf) in words: "every 2 weeks on Tuesday" /
 * "每 2 周的星期二", "monthly on the 2nd Tuesday" / "每月第 2 个星期二", "once" / "一次". Null for any other rule.
 */
export function rruleText(rrule: string, locale: Locale): string | null {
  const parts = Object.fromEntries(
    rrule
      .replace(/^RRULE:/, '')
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  if (parts.FREQ === 'DAILY' && parts.COUNT === '1') return locale === 'zh' ? '一次' : 'once';
  if (parts.FREQ === 'WEEKLY') {
    const day = WEEKDAYS[parts.BYDAY ?? '']?.[locale];
    const weeks = Number(parts.INTERVAL ?? 1);
    if (!day || !Number.isInteger(weeks) || weeks < 1) return null;
    if (locale === 'zh') return weeks === 1 ? `每周的${day}` : `每 ${weeks} 周的${day}`;
    return weeks === 1 ? `every week on ${day}` : `every ${weeks} weeks on ${day}`;
  }
  const monthly = parts.FREQ === 'MONTHLY' ? /^([+-]?\d)(SU|MO|TU|WE|TH|FR|SA)$/.exec(parts.BYDAY ?? '') : null;
  if (monthly) {
    const nth = NTH[String(Number(monthly[1]))]?.[locale];
    const day = WEEKDAYS[monthly[2]!]![locale];
    if (!nth) return null;
    return locale === 'zh' ? `每月${nth}${day}` : `monthly on the ${nth} ${day}`;
  }
  return null;
}

const RRULE_IN_TEXT = /(?:RRULE:)?FREQ=[A-Z]+(?:;[A-Z]+=[+\-\w,]+)*/g;

/** A stored text (an entry written before its facts were kept) with its RRULEs put in words. */
export const rrulesInWords = (text: string, locale: Locale): string =>
  text.replace(RRULE_IN_TEXT, (rule) => rruleText(rule, locale) ?? rule);
