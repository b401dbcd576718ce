import { Code, formatCents, formatGiftNumber, type GiftEntryKind, type Locale } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { AppError, notFound, refused } from '../../../platform/errors';
import { giftCertificateEntries, giftCertificates } from '../../marketing/gift-certificates/gift-certificates.tables';

/**
 * Every change of a certificate's balance goes through here, under the certificate row's lock
 * (`select … for update`): two payments redeeming the same certificate at once queue on the lock and
 * the second sees the balance the first left, so a certificate is never overdrawn.
 */

type CertificateRow = typeof giftCertificates.$inferSelect;

export async function lockCertificateByNumber(tx: Db, number: string): Promise<CertificateRow> {
  const [row] = await tx.select().from(giftCertificates).where(eq(giftCertificates.number, number)).for('update');
  if (!row) {
    throw new AppError(Code.INVALID_INPUT, 'marketing.giftUnknownNumber', {
      field: 'giftCertificateNumber',
      number: formatGiftNumber(number),
    });
  }
  return row;
}

export async function lockCertificate(tx: Db, id: number): Promise<CertificateRow> {
  const [row] = await tx.select().from(giftCertificates).where(eq(giftCertificates.id, id)).for('update');
  if (!row) throw notFound('marketing.giftCertificate');
  return row;
}

interface Movement {
  kind: GiftEntryKind;
  /** Signed: what the balance changes by. */
  amountCents: number;
  actorId: number;
  customerPaymentId?: number | null;
  jobId?: number | null;
  note?: string;
  /** Set the status (void); otherwise it follows the balance (active above zero, zero_balance at zero). */
  status?: CertificateRow['status'];
  voidReason?: string;
}

/** Applies a movement to a locked certificate: the new balance, the status, the history entry. */
export async function moveBalance(tx: Db, row: CertificateRow, movement: Movement) {
  const balance = row.balanceCents + movement.amountCents;
  const status = movement.status ?? (balance === 0 ? 'zero_balance' : 'active');
  const [after] = await tx
    .update(giftCertificates)
    .set({
      balanceCents: balance,
      status,
      ...(movement.voidReason === undefined ? {} : { voidReason: movement.voidReason }),
      version: row.version + 1,
      updatedAt: new Date(),
      updatedBy: movement.actorId,
    })
    .where(eq(giftCertificates.id, row.id))
    .returning();
  const [entry] = await tx
    .insert(giftCertificateEntries)
    .values({
      certificateId: row.id,
      kind: movement.kind,
      amountCents: movement.amountCents,
      balanceAfterCents: balance,
      customerPaymentId: movement.customerPaymentId ?? null,
      jobId: movement.jobId ?? null,
      note: movement.note ?? '',
      createdBy: movement.actorId,
    })
    .returning();
  return { after: after!, entry: entry! };
}

/**
 * Redeems `amountCents` of the certificate with this number for a customer payment: refused for a
 * voided certificate or beyond its balance (10010 naming the balance), else the balance drops.
 */
export async function redeemGiftCertificate(
  tx: Db,
  req: { number: string; amountCents: number; customerPaymentId: number; jobId: number | null; actorId: number },
  locale: Locale = 'en',
): Promise<CertificateRow> {
  const row = await lockCertificateByNumber(tx, req.number);
  const number = formatGiftNumber(row.number);
  if (row.status === 'voided') throw refused('marketing.giftVoided', { number });
  if (req.amountCents > row.balanceCents) {
    throw refused('marketing.giftOverBalance', {
      number,
      balance: formatCents(row.balanceCents, locale),
      amount: formatCents(req.amountCents, locale),
    });
  }
  await moveBalance(tx, row, {
    kind: 'redemption',
    amountCents: -req.amountCents,
    actorId: req.actorId,
    customerPaymentId: req.customerPaymentId,
    jobId: req.jobId,
  });
  return row;
}

/** A voided gift certificate payment gives its amount back to the certificate (unless voided since). */
export async function restoreGiftCertificate(
  tx: Db,
  req: {
    certificateId: number;
    amountCents: number;
    reversalPaymentId: number;
    jobId: number | null;
    actorId: number;
    note: string;
  },
): Promise<void> {
  const row = await lockCertificate(tx, req.certificateId);
  if (row.status === 'voided') throw refused('marketing.giftVoidedNoRestore', { number: formatGiftNumber(row.number) });
  await moveBalance(tx, row, {
    kind: 'redemption_reversal',
    amountCents: req.amountCents,
    actorId: req.actorId,
    customerPaymentId: req.reversalPaymentId,
    jobId: req.jobId,
    note: req.note,
  });
}
