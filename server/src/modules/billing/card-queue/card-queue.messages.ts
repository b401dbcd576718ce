/** Server messages of the card queue and card capture (merged into platform/messages.ts). */
export const CARD_QUEUE_MESSAGES_EN = {
  'office.cardQueueEntry': 'The card queue entry',
  'office.cardQueue.notFailed': 'Entry {serial} is not a failed charge waiting to be settled.',
  'office.cardQueue.doNotRetry':
    'The bank said card •••• {last4} must not be charged again ({reason}). Save another card for the customer first, or settle the entry another way.',
  'office.cardQueue.gatewayRefused': 'The card gateway refused: {message}',
  'office.cardQueue.needsNewCard':
    'Card •••• {last4} cannot be charged again ({reason}). Enter a new card for the customer first, or settle the entry another way.',
  'office.decline.generic_decline': 'The card was declined by the bank.',
  'office.decline.insufficient_funds': 'The card has insufficient funds.',
  'office.decline.expired_card': 'The card has expired.',
  'office.decline.incorrect_cvc': "The card's security code is incorrect.",
  'office.decline.processing_error': 'The bank could not process the card; try again later.',
  'office.decline.lost_card': 'The card was reported lost: do not charge it again.',
  'office.decline.stolen_card': 'The card was reported stolen: do not charge it again.',
  'office.decline.gateway_unreachable': 'The card gateway could not be reached; nothing was charged. Try again later.',
  'office.decline.resource_missing':
    'The card gateway does not know this card (it was removed, or the gateway was reset): enter the card again.',
  'office.decline.invalid_request': 'The card gateway refused the charge as an invalid request.',
  'office.decline.other': 'The card was declined ({code}).',
} as const;

export type CardQueueMessageKey = keyof typeof CARD_QUEUE_MESSAGES_EN;

export const CARD_QUEUE_MESSAGES_ZH: Record<CardQueueMessageKey, string> = {
  'office.cardQueueEntry': '该扣款队列条目',
  'office.cardQueue.notFailed': '条目 {serial} 不是待处理的失败扣款。',
  'office.cardQueue.doNotRetry':
    '银行表示尾号 {last4} 的银行卡不得再次扣款（{reason}）。请先为客户保存另一张银行卡，或以其他方式处理该条目。',
  'office.cardQueue.gatewayRefused': '支付网关拒绝：{message}',
  'office.cardQueue.needsNewCard':
    '尾号 {last4} 的银行卡无法再次扣款（{reason}）。请先为客户录入新银行卡，或以其他方式处理该条目。',
  'office.decline.generic_decline': '银行拒绝了该银行卡。',
  'office.decline.insufficient_funds': '银行卡余额不足。',
  'office.decline.expired_card': '银行卡已过期。',
  'office.decline.incorrect_cvc': '银行卡安全码不正确。',
  'office.decline.processing_error': '银行无法处理该银行卡，请稍后再试。',
  'office.decline.lost_card': '该卡已挂失：不得再次扣款。',
  'office.decline.stolen_card': '该卡已报失窃：不得再次扣款。',
  'office.decline.gateway_unreachable': '无法连接支付网关，未扣款。请稍后再试。',
  'office.decline.resource_missing': '支付网关不认识该银行卡（已被移除或网关已重置）：请重新录入银行卡。',
  'office.decline.invalid_request': '支付网关以无效请求为由拒绝了该扣款。',
  'office.decline.other': '银行卡被拒绝（{code}）。',
};
