/** Server messages of card reconciliation (merged into platform/messages.ts). */
export const RECONCILIATION_MESSAGES_EN = {
  'billing.reconciliation.difference': 'The reconciliation difference',
  'billing.reconciliation.notOpen': 'This difference is already resolved.',
  'billing.reconciliation.actionNotFor':
    'This difference cannot be resolved that way: record a payment for a charge we missed, refund a duplicate charge, or explain it.',
  'billing.reconciliation.noCustomer': 'The gateway charge names no customer of ours: refund it or explain it.',
  'billing.reconciliation.gatewayFailed': 'The card gateway could not be asked: {message}',
  'billing.reconciliation.checklistRow': '{kind}: {gateway} at the gateway, {ours} in our records',
  'billing.reconciliation.notRun': 'The card gateway has not been compared with our records for this day',
  'billing.reconciliation.kind.missing_payment': 'Charge not in our records',
  'billing.reconciliation.kind.no_gateway_charge': 'Payment with no gateway charge',
  'billing.reconciliation.kind.charge_amount_differs': 'Charge amount differs',
  'billing.reconciliation.kind.duplicate_charge': 'Duplicate charge',
  'billing.reconciliation.kind.missing_refund': 'Refund not in our records',
  'billing.reconciliation.kind.no_gateway_refund': 'Refund with no gateway refund',
  'billing.reconciliation.kind.refund_amount_differs': 'Refund amount differs',
  'billing.reconciliation.kind.duplicate_refund': 'Duplicate refund',
} as const;

export type ReconciliationMessageKey = keyof typeof RECONCILIATION_MESSAGES_EN;

export const RECONCILIATION_MESSAGES_ZH: Record<ReconciliationMessageKey, string> = {
  'billing.reconciliation.difference': '对账差异',
  'billing.reconciliation.notOpen': '此差异已处理。',
  'billing.reconciliation.actionNotFor': '此差异不能这样处理：漏记的扣款请登记付款，重复扣款请退款，或填写说明。',
  'billing.reconciliation.noCustomer': '该网关扣款未对应本系统的客户：请退款或填写说明。',
  'billing.reconciliation.gatewayFailed': '无法查询银行卡网关：{message}',
  'billing.reconciliation.checklistRow': '{kind}：网关 {gateway}，本系统 {ours}',
  'billing.reconciliation.notRun': '本日尚未将银行卡网关与本系统记录核对',
  'billing.reconciliation.kind.missing_payment': '本系统未记录的扣款',
  'billing.reconciliation.kind.no_gateway_charge': '网关无对应扣款的付款',
  'billing.reconciliation.kind.charge_amount_differs': '扣款金额不一致',
  'billing.reconciliation.kind.duplicate_charge': '重复扣款',
  'billing.reconciliation.kind.missing_refund': '本系统未记录的退款',
  'billing.reconciliation.kind.no_gateway_refund': '网关无对应退款的退款',
  'billing.reconciliation.kind.refund_amount_differs': '退款金额不一致',
  'billing.reconciliation.kind.duplicate_refund': '重复退款',
};
