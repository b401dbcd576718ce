import type { MessageParams, MessageParamsModifyRequest } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { diff, pick } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { conflict } from '../../../platform/errors';
import { maskSecret, type Secrets } from '../../../platform/secrets';
import { updateVersioned } from '../../../platform/versioned';
import { messageParameters } from './outbox.tables';

/** Messaging's Location Parameters, row 1 (made by the first save; its defaults until then). */
const ROW_ID = 1;
const FIELDS = ['smsAccountSid', 'smsFromNumber', 'reminderLeadHours', 'reviewRequestDays'] as const;

function masked(secrets: Secrets, stored: string | null): string {
  if (!stored) return '';
  try {
    return maskSecret(secrets.decrypt(stored));
  } catch {
    return '••••••••';
  }
}

export async function messageParams(db: Db, secrets: Secrets): Promise<MessageParams> {
  const [r] = await db.select().from(messageParameters).where(eq(messageParameters.id, ROW_ID));
  return {
    smsAccountSid: r?.smsAccountSid ?? '',
    smsAuthTokenMasked: masked(secrets, r?.smsAuthTokenEncrypted ?? null),
    hasSmsAuthToken: Boolean(r?.smsAuthTokenEncrypted),
    smsFromNumber: r?.smsFromNumber ?? '',
    reminderLeadHours: r?.reminderLeadHours ?? 24,
    reviewRequestDays: r?.reviewRequestDays ?? 2,
    simulated: !(r?.smsAccountSid && r.smsAuthTokenEncrypted),
    version: r?.version ?? 0,
    updatedAt: r ? r.updatedAt.toISOString() : null,
  };
}

/** Saves the settings (version 0: the first save makes the row); the token is encrypted, never echoed. */
export async function modifyMessageParams(tx: Db, secrets: Secrets, actorId: number, input: MessageParamsModifyRequest) {
  const tokenReplaced = Boolean(input.smsAuthToken);
  const values = {
    ...pick(input, FIELDS),
    ...(tokenReplaced ? { smsAuthTokenEncrypted: secrets.encrypt(input.smsAuthToken!) } : {}),
    ...(input.clearSmsAuthToken && !tokenReplaced ? { smsAuthTokenEncrypted: null } : {}),
  };
  const defaults = {
    smsAccountSid: '',
    smsFromNumber: '',
    reminderLeadHours: 24,
    reviewRequestDays: 2,
    smsAuthTokenEncrypted: null,
  };
  let before: Record<string, unknown> & { smsAuthTokenEncrypted: string | null };
  let after: Record<string, unknown>;
  if (input.version === 0) {
    const made = await tx
      .insert(messageParameters)
      .overridingSystemValue()
      .values({ id: ROW_ID, ...values, createdBy: actorId, updatedBy: actorId })
      .onConflictDoNothing()
      .returning();
    // Someone saved first: the caller's version is stale.
    if (made.length === 0) throw conflict();
    before = defaults;
    after = made[0]!;
  } else {
    ({ before, after } = await updateVersioned(
      tx,
      messageParameters,
      'outbox.messageParams',
      { id: ROW_ID, version: input.version },
      values,
      actorId,
    ));
  }
  const changes = diff(pick(before as never, FIELDS), pick(after as never, FIELDS));
  const tokenChange = tokenReplaced ? 'replaced' : input.clearSmsAuthToken && before.smsAuthTokenEncrypted ? 'cleared' : null;
  return { changes, tokenChange, detail: await messageParams(tx, secrets) };
}

export const messageParamsVersion = async (db: Db) =>
  (await db.select({ v: sql<number>`version` }).from(messageParameters).where(eq(messageParameters.id, ROW_ID)))[0]?.v ?? 0;
