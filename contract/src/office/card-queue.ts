/**
 * The e-payment queue (spec §3 "Card queue entry"; issue 12). An entry asks for one charge of a
 * customer's saved card; it carries one idempotency key for its whole life, so processing it
 * twice never charges twice.
 */
export const CARD_QUEUE_STATUSES = ['pending', 'failed', 'approved'] as const;
export type CardQueueStatus = (typeof CARD_QUEUE_STATUSES)[number];

/** How a failed entry was settled, for the close-day gate: retried, paid another way, or written off. */
export const CARD_FAILURE_RESOLUTIONS = ['retried', 'paid_other', 'written_off'] as const;
export type CardFailureResolution = (typeof CARD_FAILURE_RESOLUTIONS)[number];
