/** Server messages of campaigns and gift certificates (merged into platform/messages.ts). */
export const MARKETING_MESSAGES_EN = {
  'marketing.campaign': 'The campaign',
  'marketing.couponTaken': 'couponCode: the coupon code "{code}" is already used by another campaign (case does not matter).',
  'marketing.notPending': 'Only a pending campaign can be approved or failed.',
  'marketing.ownChange':
    'You made the last change to this campaign: someone else with the approve permission must approve or fail it.',
} as const;

export type MarketingMessageKey = keyof typeof MARKETING_MESSAGES_EN;

export const MARKETING_MESSAGES_ZH: Record<MarketingMessageKey, string> = {
  'marketing.campaign': '该营销活动',
  'marketing.couponTaken': 'couponCode：优惠码“{code}”已被其他活动使用（不区分大小写）。',
  'marketing.notPending': '只有待审核的活动才能审核通过或驳回。',
  'marketing.ownChange': '此活动的最后一次修改是您做的：须由其他拥有审核权限的人审核通过或驳回。',
};
