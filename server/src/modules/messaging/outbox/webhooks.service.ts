import { phoneKey } from '@tidyhouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { customerSearchTerms, customers } from '../../customers/customers.tables';
import { setSmsOptOut } from '../templates/consent';
import { inboundMessages } from './outbox.tables';

/** Twilio's opt-out and opt-in keywords (its Advanced Opt-Out defaults), the whole text, any case. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);

export function keywordOf(body: string): 'STOP' | 'START' | '' {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (STOP_WORDS.has(word)) return 'STOP';
  if (START_WORDS.has(word)) return 'START';
  return '';
}

/** Final states a callback may set. */
const DELIVERY_STATES: Record<string, 'delivered' | 'failed'> = {
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

/**
 * A delivery-status callback for an outbox row: delivered or failed (never moved back). It may
 * arrive before the worker has recorded the provider's answer, so it sets the provider id too. The
 * other statuses (queued, sending, sent) write nothing: the worker records "sent" from the
 * provider's answer itself, and a row whose record a crash lost is sent again with its key, which
 * the provider answers with the first message (one query saved per text). Answers whether a row changed.
 */
export async function recordDeliveryStatus(
  db: Db,
  input: { outboxId: number; providerId: string; status: string; errorCode?: string },
): Promise<boolean> {
  const final = DELIVERY_STATES[input.status];
  if (!final) return false;
  const error = final === 'failed' ? `provider ${input.status}${input.errorCode ? ` ${input.errorCode}` : ''}` : '';
  const rows = await queryRows(
    db,
    sql`update outbox_messages
           set status = ${final}, provider_id = ${input.providerId},
               delivered_at = case when ${final} = 'delivered' then now() else delivered_at end,
               sent_at = coalesce(sent_at, now()),
               last_error = case when ${final} = 'failed' then ${error} else last_error end,
               updated_at = now(), version = version + 1
         where id = ${input.outboxId} and channel = 'sms' and status in ('sending', 'sent')
           and (provider_id = '' or provider_id = ${input.providerId})
     returning id`,
  );
  return rows.length > 0;
}

/** Live customers whose first phone is this number. */
async function customersOfPhone(db: Db, phone: string): Promise<number[]> {
  const key = phoneKey(phone);
  if (key.length < 10) return [];
  const candidates = await db
    .selectDistinct({ id: customers.id, phone: customers.phone1 })
    .from(customerSearchTerms)
    .innerJoin(customers, eq(customers.id, customerSearchTerms.customerId))
    .where(and(eq(customerSearchTerms.term, key), isNull(customers.deletedAt)));
  return candidates.filter((c) => phoneKey(c.phone) === key).map((c) => c.id);
}

/**
 * A text from a phone (the provider's inbound webhook): kept for the communications log and the
 * dashboard; STOP / UNSUBSCRIBE … opt the number out of texts, START … back in. A webhook delivered
 * twice (same MessageSid) is kept and acted on once. Answers the keyword acted on.
 */
export async function recordInboundText(
  db: Db,
  input: { providerId: string; from: string; to: string; body: string },
): Promise<{ stored: boolean; keyword: string }> {
  return db.transaction(async (tx) => {
    const keyword = keywordOf(input.body);
    const [customerId] = await customersOfPhone(tx, input.from);
    const stored = await tx
      .insert(inboundMessages)
      .values({
        providerId: input.providerId,
        fromPhone: input.from.slice(0, 32),
        toPhone: input.to.slice(0, 32),
        body: input.body,
        customerId: customerId ?? null,
        keyword,
      })
      .onConflictDoNothing({ target: inboundMessages.providerId })
      .returning({ id: inboundMessages.id });
    if (stored.length > 0 && keyword) await setSmsOptOut(tx, input.from, keyword === 'STOP', 'sms_reply');
    return { stored: stored.length > 0, keyword };
  });
}
