import {
  allowedChannels,
  type ConsentSource,
  type CustomerMessageChoices,
  type CustomerMessageChoicesUpdateRequest,
  type OptOutSource,
} from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { assertNotAfterToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { conflict, notFound } from '../../../platform/errors';
import { sysUsers } from '../../employees/employees.tables';
import { loadChannelFacts } from './consent';
import { customerMessageChoices } from './templates.tables';

/** The customer's message choices as the customer screen shows them (the defaults before any save). */
export async function customerChoices(db: Db, customerId: number): Promise<CustomerMessageChoices> {
  const loaded = await loadChannelFacts(db, customerId);
  if (!loaded) throw notFound('messaging.customer');
  const saved = loaded.saved;
  const [editor] = saved?.updatedBy
    ? await db.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, saved.updatedBy))
    : [];
  return {
    customerId,
    version: saved?.version ?? null,
    language: loaded.language,
    email: loaded.facts.email,
    smsPhone: loaded.phone,
    emailEnabled: loaded.facts.emailEnabled,
    smsEnabled: loaded.facts.smsEnabled,
    consentDate: loaded.facts.consentDate,
    consentSource: (saved?.consentSource as ConsentSource | null) ?? null,
    smsOptedOut: loaded.facts.smsOptedOut,
    smsOptedOutAt: saved?.smsOptedOutAt?.toISOString() ?? null,
    smsOptOutSource: (saved?.smsOptOutSource as OptOutSource | null) ?? null,
    emailOptedOut: loaded.facts.emailOptedOut,
    emailOptedOutAt: saved?.emailOptedOutAt?.toISOString() ?? null,
    emailOptOutSource: (saved?.emailOptOutSource as OptOutSource | null) ?? null,
    channelsNow: { transactional: allowedChannels(loaded.facts, true), other: allowedChannels(loaded.facts, false) },
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    updatedBy: editor?.name ?? null,
  };
}

/** The fields the operation log records of a change of choices. */
export const CHOICE_FIELDS = [
  'emailEnabled',
  'smsEnabled',
  'consentDate',
  'consentSource',
  'smsOptedOut',
  'emailOptedOut',
] as const;

/**
 * Saves the office's edit (version checked; null: never saved before). An opt-out the office sets or
 * clears is stamped with now and the source `office`; an unchanged one keeps its date and source.
 */
export async function updateCustomerChoices(tx: Db, userId: number, request: CustomerMessageChoicesUpdateRequest) {
  const before = await customerChoices(tx, request.customerId);
  const [locked] = await tx
    .select({ version: customerMessageChoices.version })
    .from(customerMessageChoices)
    .where(eq(customerMessageChoices.customerId, request.customerId))
    .for('update');
  if ((locked?.version ?? null) !== request.version) throw conflict();
  if (request.consentDate !== null) await assertNotAfterToday(tx, 'consentDate', request.consentDate);
  const now = new Date();
  const smsChanged = request.smsOptedOut !== before.smsOptedOut;
  const emailChanged = request.emailOptedOut !== before.emailOptedOut;
  const values = {
    emailEnabled: request.emailEnabled,
    smsEnabled: request.smsEnabled,
    consentDate: request.consentDate,
    consentSource: request.consentDate === null ? null : request.consentSource,
    smsOptedOut: request.smsOptedOut,
    ...(smsChanged ? { smsOptedOutAt: now, smsOptOutSource: 'office' } : {}),
    emailOptedOut: request.emailOptedOut,
    ...(emailChanged ? { emailOptedOutAt: now, emailOptOutSource: 'office' } : {}),
    updatedAt: now,
    updatedBy: userId,
  };
  if (locked) {
    await tx
      .update(customerMessageChoices)
      .set({ ...values, version: sql`${customerMessageChoices.version} + 1` })
      .where(eq(customerMessageChoices.customerId, request.customerId));
  } else {
    // A STOP that arrived meanwhile made the row first: the office's edit read the older state.
    const inserted = await tx
      .insert(customerMessageChoices)
      .values({ customerId: request.customerId, ...values, createdBy: userId })
      .onConflictDoNothing()
      .returning({ customerId: customerMessageChoices.customerId });
    if (inserted.length === 0) throw conflict();
  }
  return { before, after: await customerChoices(tx, request.customerId) };
}
