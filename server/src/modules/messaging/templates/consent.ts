import {
  allowedChannels,
  type ChannelFacts,
  DEFAULT_MESSAGE_CHOICES,
  isTransactional,
  type MessageChannel,
  type MessageEvent,
  normalizePhone,
  type OptOutSource,
  phoneKey,
  smsAddressOf,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { customerSearchTerms, customers } from '../../customers/customers.tables';
import { customerMessageChoices, messageTemplates } from './templates.tables';

/** What decides a customer's channels: contacts, language and the saved choices (defaults without a row). */
export async function loadChannelFacts(db: Db, customerId: number) {
  return (await loadChannelFactsOf(db, [customerId])).get(customerId) ?? null;
}

export type LoadedChannelFacts = NonNullable<Awaited<ReturnType<typeof loadChannelFacts>>>;

/** The channel facts (and name) of many live customers in one read: the worker's batch. */
export async function loadChannelFactsOf(db: Db, customerIds: readonly number[]) {
  const rows =
    customerIds.length === 0
      ? []
      : await db
          .select({
            id: customers.id,
            name: customers.name,
            language: customers.language,
            email: customers.email,
            phone: customers.phone1,
            choices: customerMessageChoices,
          })
          .from(customers)
          .leftJoin(customerMessageChoices, eq(customerMessageChoices.customerId, customers.id))
          .where(and(inArray(customers.id, [...new Set(customerIds)]), isNull(customers.deletedAt)));
  return new Map(
    rows.map((row) => {
      const saved = row.choices;
      const facts: ChannelFacts = {
        email: row.email,
        smsPhone: smsAddressOf(row.phone),
        emailEnabled: saved?.emailEnabled ?? DEFAULT_MESSAGE_CHOICES.emailEnabled,
        smsEnabled: saved?.smsEnabled ?? DEFAULT_MESSAGE_CHOICES.smsEnabled,
        consentDate: saved?.consentDate ?? null,
        smsOptedOut: saved?.smsOptedOut ?? false,
        emailOptedOut: saved?.emailOptedOut ?? false,
      };
      const language = row.language === 'zh' ? ('zh' as const) : ('en' as const);
      return [row.id, { facts, language, name: row.name, phone: row.phone, saved }] as const;
    }),
  );
}

/** Whether an event's messages are on (System Set-up); an event without templates sends nothing. */
export async function eventEnabled(db: Db, event: MessageEvent): Promise<boolean> {
  const [row] = await db
    .select({ enabled: sql<boolean>`bool_and(${messageTemplates.enabled})` })
    .from(messageTemplates)
    .where(eq(messageTemplates.event, event));
  return row?.enabled === true;
}

/**
 * The channels an event's message may go to this customer through: the event on, then the
 * customer's choices, consent and opt-outs (contract `allowedChannels`, docs/business-rules.md
 * "Customer messages"). A removed customer gets nothing.
 */
export async function channelsFor(db: Db, customerId: number, event: MessageEvent): Promise<MessageChannel[]> {
  if (!(await eventEnabled(db, event))) return [];
  const loaded = await loadChannelFacts(db, customerId);
  return loaded ? allowedChannels(loaded.facts, isTransactional(event)) : [];
}

/**
 * STOP / UNSUBSCRIBE (optedOut true) and START (false) from a phone: every live customer whose
 * text number it is. Answers their ids (none: a number we do not know).
 */
export async function setSmsOptOut(db: Db, phone: string, optedOut: boolean, source: OptOutSource): Promise<number[]> {
  const key = phoneKey(phone);
  if (key.length < 10) return [];
  // The search index holds every phone's last 10 digits: candidates, then the first phone compared.
  const candidates = await db
    .selectDistinct({ id: customers.id, phone: customers.phone1 })
    .from(customerSearchTerms)
    .innerJoin(customers, eq(customers.id, customerSearchTerms.customerId))
    .where(and(eq(customerSearchTerms.term, key), isNull(customers.deletedAt)));
  // A record written without its search terms (an import) is still found by its stored form.
  const stored = await db
    .select({ id: customers.id, phone: customers.phone1 })
    .from(customers)
    .where(and(eq(customers.phone1, normalizePhone(phone)), isNull(customers.deletedAt)));
  const ids = [...new Set([...candidates, ...stored].filter((c) => phoneKey(c.phone) === key).map((c) => c.id))];
  for (const customerId of ids) {
    const at = new Date();
    const state = { smsOptedOut: optedOut, smsOptedOutAt: at, smsOptOutSource: source };
    await db
      .insert(customerMessageChoices)
      .values({ customerId, ...state })
      .onConflictDoUpdate({
        target: customerMessageChoices.customerId,
        set: { ...state, updatedAt: at, version: sql`${customerMessageChoices.version} + 1` },
      });
  }
  return ids;
}
