/** Server messages of campaigns and gift certificates (merged into platform/messages.ts). */
export const MARKETING_MESSAGES_EN = {
  'marketing.campaign': 'The campaign',
  'marketing.couponTaken': '{field}: the coupon code "{code}" is already used by another campaign (case does not matter).',
  'marketing.notPending': 'Only a pending campaign can be approved or failed.',
  'marketing.ownChange':
    'You made the last change to this campaign: someone else with the approve permission must approve or fail it.',
  'marketing.giftCertificate': 'The gift certificate',
  'marketing.giftUnknownNumber': '{field}: no gift certificate has the number {number}.',
  'marketing.giftVoided': 'Gift certificate {number} is voided: it cannot be redeemed.',
  'marketing.giftOverBalance': 'Gift certificate {number} has {balance} left, less than the {amount} asked for.',
  'marketing.giftAmountsLocked': 'The amounts of a gift certificate cannot change once part of it has been redeemed.',
  'marketing.giftAlreadyVoided': 'This gift certificate is already voided.',
  'marketing.giftCashRefundLimit':
    'Only a balance above $0.00 and under $10.00 is paid out in cash (California Civil Code 1749.5); this certificate has {balance}.',
  'marketing.giftVoidedNoRestore':
    'Gift certificate {number} has been voided, so the payment cannot go back onto it: record a refund to the customer instead.',
} as const;

export type MarketingMessageKey = keyof typeof MARKETING_MESSAGES_EN;

export const MARKETING_MESSAGES_ZH: Record<MarketingMessageKey, string> = {
  'marketing.campaign': '该营销活动',
  'marketing.couponTaken': '{field}：优惠码“{code}”已被其他活动使用（不区分大小写）。',
  'marketing.notPending': '只有待审核的活动才能审核通过或驳回。',
  'marketing.ownChange': '此活动的最后一次修改是您做的：须由其他拥有审核权限的人审核通过或驳回。',
  'marketing.giftCertificate': '该礼品券',
  'marketing.giftUnknownNumber': '{field}：没有号码为 {number} 的礼品券。',
  'marketing.giftVoided': '礼品券 {number} 已作废，不能使用。',
  'marketing.giftOverBalance': '礼品券 {number} 余额 {balance}，不足所需的 {amount}。',
  'marketing.giftAmountsLocked': '礼品券一旦使用过，金额便不能再修改。',
  'marketing.giftAlreadyVoided': '此礼品券已作废。',
  'marketing.giftCashRefundLimit':
    '只有高于 $0.00 且不足 $10.00 的余额才能以现金退还（加州民法典第 1749.5 条）；此礼品券余额为 {balance}。',
  'marketing.giftVoidedNoRestore': '礼品券 {number} 已作废，付款不能退回到券上：请改为给客户登记退款。',
};
