/** Server messages of the customer message events (merged into platform/messages.ts). */
export const EVENT_MESSAGES_EN = {
  'events.onTheWayNotToday': 'Job {reference} is not scheduled for today: "on our way" is sent only on the day of the visit.',
  'events.inboundText': 'The text received',
} as const;

export type EventMessageKey = keyof typeof EVENT_MESSAGES_EN;

export const EVENT_MESSAGES_ZH: Record<EventMessageKey, string> = {
  'events.onTheWayNotToday': '工单 {reference} 不是今天的排班：“正在路上”只在上门当天发送。',
  'events.inboundText': '收到的短信',
};
