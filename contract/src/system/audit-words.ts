import type { Locale } from '../constants';
import type { Titles } from '../menu';

/**
 * More words of the operation log (issue 23 item 4): the titles of the fields a change records that the
 * request field labels (field-labels.ts, read first) do not name, values the first list lacked, and
 * recurrence rules (RRULE) in words.
 */
export const AUDIT_MORE_FIELD_TITLES: Record<string, Titles> = {
  // Campaigns
  auditReason: { en: 'Review reason', zh: '审核原因' },
  // Schedule board
  routeOrder: { en: 'Route order', zh: '路线顺序' },
  // Customers and locations
  addressKey: { en: 'Address key', zh: '地址标识' },
  keyHolderId: { en: 'Key holder', zh: '钥匙持有人' },
  // Employees
  leaderId: { en: 'Team leader', zh: '组长' },
  leaveId: { en: 'Leave', zh: '请假' },
  outageId: { en: 'Team outage', zh: '团队停工' },
  payRateId: { en: 'Pay rate', zh: '薪资标准' },
  remarkId: { en: 'Remark', zh: '备注' },
  terminationReason: { en: 'Termination reason', zh: '离职原因' },
  // Gift certificates
  balanceCents: { en: 'Balance', zh: '余额' },
  // Labor types, logs, parameters, roles, zones
  cutoffDate: { en: 'Cut-off date', zh: '截止日期' },
  loginDeleted: { en: 'Login attempts deleted', zh: '已删除登录记录' },
  operationDeleted: { en: 'Operation entries deleted', zh: '已删除操作记录' },
  // Sales
  campaignId: { en: 'Campaign', zh: '营销活动' },
  finalOfferCents: { en: 'Final offer', zh: '最终报价' },
  // Service: jobs, plans, tasks, reminders, assignments
  invoiceTotalCents: { en: 'Invoice total', zh: '发票总额' },
  movedByHand: { en: 'Moved by hand', zh: '手动调整' },
  patternFrom: { en: 'Pattern from', zh: '规律起始日期' },
  quotedMinutes: { en: 'Quoted minutes', zh: '报价分钟数' },
  revenueCents: { en: 'Revenue', zh: '收入' },
  rrule: { en: 'Recurrence', zh: '重复规律' },
  startMinutes: { en: 'Start time', zh: '开始时间' },
  statusReason: { en: 'Status reason', zh: '状态原因' },
  subtotalCents: { en: 'Subtotal', zh: '小计' },
  windowStartMinutes: { en: 'Arrival window from', zh: '到达时间窗开始' },
  windowEndMinutes: { en: 'Arrival window to', zh: '到达时间窗结束' },
  // Time cards and wages
  mealWaiverId: { en: 'Meal waiver', zh: '用餐休息放弃书' },
  punchId: { en: 'Punch', zh: '打卡' },
};

/** Values the first list lacked. */
export const AUDIT_MORE_VALUE_TITLES: Record<string, Titles> = {
  // Customer messages: events, consent and opt-out sources
  jobConfirmation: { en: 'job confirmation', zh: '预约确认' },
  jobReminder: { en: 'job reminder', zh: '上门提醒' },
  onTheWay: { en: 'on our way', zh: '正在路上' },
  jobDone: { en: 'job done', zh: '服务完成' },
  paymentReceived: { en: 'payment received', zh: '已收款' },
  cardDeclined: { en: 'card declined', zh: '银行卡被拒' },
  reviewRequest: { en: 'review request', zh: '邀请评价' },
  in_person: { en: 'in person', zh: '当面' },
  written: { en: 'in writing', zh: '书面' },
  web_form: { en: 'web form', zh: '网页表单' },
  sms_reply: { en: 'reply to a text', zh: '短信回复' },
  email_link: { en: 'unsubscribe link', zh: '退订链接' },
  used: { en: 'active', zh: '进行中' },
  not_used: { en: 'paused', zh: '已暂停' },
  // Field app actions (module 'field')
  field_clockIn: { en: 'clock in', zh: '上班打卡' },
  field_clockOut: { en: 'clock out', zh: '下班打卡' },
  field_clockOutMissedRest: { en: 'clock out (rest breaks not all taken)', zh: '下班打卡（未能休完所有休息）' },
  field_mealStart: { en: 'meal break start', zh: '开始用餐休息' },
  field_mealEnd: { en: 'meal break end', zh: '结束用餐休息' },
  field_checkIn: { en: 'check in', zh: '签到' },
  field_checkInAfterDrive: { en: 'check in (drive from the last job punched)', zh: '签到（已记录自上一工单的路途时间）' },
  field_checkOut: { en: 'check out', zh: '签退' },
  field_done: { en: 'reported done', zh: '报告完成' },
  field_note: { en: 'note to the office', zh: '给办公室的留言' },
  field_checklist: { en: 'checklist', zh: '清单' },
  cancelled: { en: 'cancelled', zh: '已取消' },
  zero_balance: { en: 'no balance left', zh: '余额为零' },
  written_off: { en: 'written off', zh: '已核销' },
  paid_other: { en: 'paid another way', zh: '已用其他方式支付' },
  // Card brands as Customer Detail names them (customers locale, cardBrands).
  visa: { en: 'Visa', zh: '维萨（Visa）' },
  mastercard: { en: 'Mastercard', zh: '万事达卡' },
  amex: { en: 'American Express', zh: '美国运通' },
  discover: { en: 'Discover', zh: '发现卡（Discover）' },
  generic_decline: { en: 'declined', zh: '被拒' },
  insufficient_funds: { en: 'insufficient funds', zh: '余额不足' },
  expired_card: { en: 'expired card', zh: '卡已过期' },
  incorrect_cvc: { en: 'incorrect CVC', zh: '安全码错误' },
  processing_error: { en: 'processing error', zh: '处理出错' },
  lost_card: { en: 'lost card', zh: '卡已挂失' },
  stolen_card: { en: 'stolen card', zh: '卡被盗' },
  gateway_unreachable: { en: 'payment gateway unreachable', zh: '支付网关无法连接' },
  resource_missing: { en: 'card unknown to the gateway', zh: '支付网关不认识该卡' },
  invalid_request: { en: 'invalid request to the gateway', zh: '支付网关请求无效' },
  authentication_required: { en: 'card holder must authenticate', zh: '需持卡人验证' },
  amount_too_small: { en: 'below the gateway minimum', zh: '低于支付网关最低金额' },
  idempotency_error: { en: 'request key reused', zh: '请求键重复使用' },
  gateway_key_refused: { en: 'API key refused by the gateway', zh: '支付网关拒绝了 API 密钥' },
  gateway_rate_limited: { en: 'gateway busy', zh: '支付网关繁忙' },
  gateway_server_error: { en: 'gateway error', zh: '支付网关出错' },
  gateway_gave_up: { en: 'gateway did not answer after several attempts', zh: '多次尝试后支付网关仍无应答' },
};

/** A field name that carries a record's own words: a dated rate, a person's team. */
export function dynamicFieldTitle(field: string, locale: Locale): string | undefined {
  const rate = /^rate (\d{4}-\d{2}-\d{2})$/.exec(field);
  if (rate) return locale === 'zh' ? `${rate[1]} 起的价格` : `Rate from ${rate[1]}`;
  // A message template's text: "email en subject" (messageTemplate/update).
  const text = /^(email|sms) (en|zh) (subject|body)$/.exec(field);
  if (text) {
    const [, channel, language, part] = text;
    if (locale === 'zh')
      return `${channel === 'email' ? '邮件' : '短信'}（${language === 'en' ? '英文' : '中文'}）${part === 'subject' ? '主题' : '正文'}`;
    return `${channel === 'email' ? 'E-mail' : 'Text'} (${language === 'en' ? 'English' : 'Chinese'}) ${part}`;
  }
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
