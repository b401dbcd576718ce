/** Server messages of the card queue and card capture (merged into platform/messages.ts). */
export const CARD_QUEUE_MESSAGES_EN = {
  'office.cardQueueEntry': 'The card queue entry',
  'office.cardQueue.notFailed': 'Entry {serial} is not a failed charge waiting to be settled.',
  'office.cardQueue.doNotRetry':
    'The bank said card •••• {last4} must not be charged again ({reason}). Save another card for the customer first, or settle the entry another way.',
  'office.cardQueue.gatewayRefused': 'The card gateway refused: {message}',
  'office.cardQueue.cardExpired': 'The card expired at the end of {expiry}: enter a card that is still valid.',
  'office.cardQueue.cardNotAttached': 'The card gateway did not return a card that can be saved: enter the card again.',
  'office.cardQueue.cardOfAnotherCustomer': "This card belongs to another customer's gateway record: enter the card again.",
  'office.cardQueue.belowMinimum':
    'A card charge must be at least {minimum}: {amount} cannot be charged to a card. Record it another way.',
  'office.cardQueue.needsNewCard':
    'Card •••• {last4} cannot be charged again ({reason}). Enter a new card for the customer first, or settle the entry another way.',
  'office.decline.generic_decline': 'The card was declined by the bank.',
  'office.decline.insufficient_funds': 'The card has insufficient funds.',
  'office.decline.expired_card': 'The card has expired.',
  'office.decline.incorrect_cvc': "The card's security code is incorrect.",
  'office.decline.processing_error': 'The bank could not process the card; try again later.',
  'office.decline.lost_card': 'The card was reported lost: do not charge it again.',
  'office.decline.stolen_card': 'The card was reported stolen: do not charge it again.',
  'office.decline.gateway_unreachable':
    'The card gateway could not be reached or did not answer. Try again later: what it did meanwhile is found first, never done twice.',
  'office.decline.resource_missing':
    'The card gateway does not know this card (it was removed, or the gateway was reset): enter the card again.',
  'office.decline.invalid_request': 'The card gateway refused the charge as an invalid request.',
  'office.decline.authentication_required':
    'The bank asks the card holder to authenticate this charge: it cannot be charged off-session.',
  'office.decline.amount_too_small': 'The amount is below the card gateway minimum ($0.50).',
  'office.decline.idempotency_error': 'The card gateway refused the request as a reuse of an earlier one; nothing was charged.',
  'office.decline.gateway_key_refused': 'The card gateway refused the API key: check the secret key in the payment parameters.',
  'office.decline.gateway_rate_limited': 'The card gateway is busy (too many requests); try again later.',
  'office.decline.gateway_server_error': 'The card gateway had an internal error; try again later.',
  'office.decline.gateway_gave_up':
    'The card gateway did not answer after several attempts. Retry when it answers: a charge it made meanwhile is found, never made twice.',
  'office.decline.other': 'The card was declined ({code}).',
  'customers.cardRefundUnanswered':
    'The card gateway did not answer. The refund is recorded as not refunded; set it to refunded to try again: a refund the gateway made meanwhile is found first, never made twice.',
} as const;

export type CardQueueMessageKey = keyof typeof CARD_QUEUE_MESSAGES_EN;

export const CARD_QUEUE_MESSAGES_ZH: Record<CardQueueMessageKey, string> = {
  'office.cardQueueEntry': '该扣款队列条目',
  'office.cardQueue.notFailed': '条目 {serial} 不是待处理的失败扣款。',
  'office.cardQueue.doNotRetry':
    '银行表示尾号 {last4} 的银行卡不得再次扣款（{reason}）。请先为客户保存另一张银行卡，或以其他方式处理该条目。',
  'office.cardQueue.gatewayRefused': '支付网关拒绝：{message}',
  'office.cardQueue.cardExpired': '该银行卡已于 {expiry} 月底过期：请录入仍在有效期内的银行卡。',
  'office.cardQueue.cardNotAttached': '支付网关未返回可保存的银行卡：请重新录入银行卡。',
  'office.cardQueue.cardOfAnotherCustomer': '该银行卡属于另一位客户的网关记录：请重新录入银行卡。',
  'office.cardQueue.belowMinimum': '银行卡扣款金额至少为 {minimum}：{amount} 无法通过银行卡扣款，请以其他方式记录。',
  'office.cardQueue.needsNewCard':
    '尾号 {last4} 的银行卡无法再次扣款（{reason}）。请先为客户录入新银行卡，或以其他方式处理该条目。',
  'office.decline.generic_decline': '银行拒绝了该银行卡。',
  'office.decline.insufficient_funds': '银行卡余额不足。',
  'office.decline.expired_card': '银行卡已过期。',
  'office.decline.incorrect_cvc': '银行卡安全码不正确。',
  'office.decline.processing_error': '银行无法处理该银行卡，请稍后再试。',
  'office.decline.lost_card': '该卡已挂失：不得再次扣款。',
  'office.decline.stolen_card': '该卡已报失窃：不得再次扣款。',
  'office.decline.gateway_unreachable': '无法连接支付网关或网关未应答。请稍后再试：网关其间已做的操作会先被找到，绝不会重复。',
  'office.decline.resource_missing': '支付网关不认识该银行卡（已被移除或网关已重置）：请重新录入银行卡。',
  'office.decline.invalid_request': '支付网关以无效请求为由拒绝了该扣款。',
  'office.decline.authentication_required': '银行要求持卡人验证此笔扣款：无法在持卡人不在场时扣款。',
  'office.decline.amount_too_small': '金额低于支付网关的最低金额（0.50 美元）。',
  'office.decline.idempotency_error': '支付网关认为该请求重复使用了先前的请求而拒绝，未扣款。',
  'office.decline.gateway_key_refused': '支付网关拒绝了 API 密钥：请检查支付参数中的密钥。',
  'office.decline.gateway_rate_limited': '支付网关繁忙（请求过多），请稍后再试。',
  'office.decline.gateway_server_error': '支付网关内部出错，请稍后再试。',
  'office.decline.gateway_gave_up': '多次尝试后支付网关仍无应答。请在网关恢复后重试：其间已完成的扣款会被找到，绝不会重复扣款。',
  'office.decline.other': '银行卡被拒绝（{code}）。',
  'customers.cardRefundUnanswered':
    '支付网关没有应答。该退款已记录为未退款，改为已退款即可重试：网关其间已做的退款会先被找到，绝不会重复退款。',
};
