/** Billing (design §9): payments, refunds, the card on file and the card queue. */
export * from './card-queue';
export * from './documents';
export * from './invoices';
export * from './payments';
export * from './reconciliation';
