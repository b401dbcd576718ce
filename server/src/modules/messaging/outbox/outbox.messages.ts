/** Server messages of the outbox and the text simulator (merged into platform/messages.ts). */
export const OUTBOX_MESSAGES_EN = {
  'outbox.message': 'The message',
  'outbox.messageParams': 'The text message settings',
  'outbox.notRetryable': 'Only a failed or held message can be sent again.',
  'outbox.simNotInUse': 'A text message provider is set up: replies come from real phones, not the simulator.',
  'outbox.simUnavailable': 'The text message simulator does not answer. Is the server started with it (SMS_SIM_PORT)?',
} as const;

export type OutboxMessageKey = keyof typeof OUTBOX_MESSAGES_EN;

export const OUTBOX_MESSAGES_ZH: Record<OutboxMessageKey, string> = {
  'outbox.message': '该消息',
  'outbox.messageParams': '短信设置',
  'outbox.notRetryable': '只有发送失败或暂缓的消息可以重新发送。',
  'outbox.simNotInUse': '已设置短信服务商：回复来自真实手机，而不是模拟器。',
  'outbox.simUnavailable': '短信模拟器没有响应。服务器启动时是否带有模拟器（SMS_SIM_PORT）？',
};
