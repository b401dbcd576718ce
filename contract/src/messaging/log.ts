import { z } from 'zod';
import { ZRecordId } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
import { OUTBOX_STATUSES } from './outbox';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS } from './templates';

/**
 * Where the office sees customer messages (issue 22): the customer's communications log lists every
 * message sent (the outbox) and every text received, newest first; the job shows its own messages;
 * the dashboard lists the texts received that no one has followed up yet.
 */

export const MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** An outbound message's outbox status, or `received` for a text the customer sent. */
export const CUSTOMER_MESSAGE_STATUSES = [...OUTBOX_STATUSES, 'received'] as const;
export type CustomerMessageStatus = (typeof CUSTOMER_MESSAGE_STATUSES)[number];

export const ZCustomerMessage = z.object({
  /** Unique across both directions (`out-12`, `in-3`). */
  key: z.string(),
  id: z.number().int(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  /** The event that sent it; null for a text received. */
  event: z.enum(MESSAGE_EVENTS).nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(CUSTOMER_MESSAGE_STATUSES),
  /** Where it went (outbound, once sent) or the phone it came from (inbound). */
  address: z.string(),
  subject: z.string(),
  /** The text as sent or received: empty while a message waits to be sent (it is written then). */
  body: z.string(),
  /** Queued or received, ISO. */
  at: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  job: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
});
export type CustomerMessage = z.infer<typeof ZCustomerMessage>;

export const ZCustomerMessageListRequest = ZListRequest.extend({
  customerId: ZRecordId,
  direction: z.enum(MESSAGE_DIRECTIONS).optional(),
});
export type CustomerMessageListRequest = z.infer<typeof ZCustomerMessageListRequest>;
export const ZCustomerMessageListResponse = listResponseOf(ZCustomerMessage);

/** A text received that no one has followed up (the dashboard's follow-ups). */
export const ZInboundFollowUp = z.object({
  id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  fromPhone: z.string(),
  body: z.string(),
  receivedAt: z.string(),
});
export type InboundFollowUp = z.infer<typeof ZInboundFollowUp>;

/** `/connectRecord/textHandled`: the office followed up a text received. */
export const ZTextHandledRequest = z.object({ id: ZRecordId });
export type TextHandledRequest = z.infer<typeof ZTextHandledRequest>;

/** `/jhSchedule/notifyOnTheWay`: the office tells the customer the team is on its way. */
export const ZNotifyOnTheWayRequest = z.object({ id: ZRecordId });
export type NotifyOnTheWayRequest = z.infer<typeof ZNotifyOnTheWayRequest>;
/** Messages queued: 0 when it was sent before today or the customer has no channel for it. */
export const ZNotifyOnTheWayResult = z.object({ queued: z.number().int() });
export type NotifyOnTheWayResult = z.infer<typeof ZNotifyOnTheWayResult>;
