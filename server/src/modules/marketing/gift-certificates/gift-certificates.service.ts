import { randomInt } from 'node:crypto';
import {
  Code,
  dammCheckDigit,
  formatCents,
  type GiftCertificate,
  type GiftCertificateAddRequest,
  type GiftCertificateDetail,
  type GiftCertificateListRequest,
  type GiftCertificateLookup,
  type GiftCertificateUpdateRequest,
  giftCashRefundable,
  giftNumberDigits,
  isGiftCertificateNumber,
  type Locale,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { assertNotAfterToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, conflict, notFound, refused } from '../../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../../platform/list';
import { lockCertificate, moveBalance } from '../../billing/payments/gift-redemption';
import { customers } from '../../customers/customers.tables';
import { sysUsers } from '../../employees/employees.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { giftCertificateEntries, giftCertificates } from './gift-certificates.tables';

const WHAT = 'marketing.giftCertificate';
/** The fields a sale or an edit sets, for the change log's diff. */
export const GIFT_FIELDS = [
  'purchaseAmountCents',
  'certificateAmountCents',
  'purchaseMethod',
  'purchasedOn',
  'sentOn',
  'purchaserCustomerId',
  'purchaserName',
  'purchaserPhone',
  'purchaserEmail',
  'recipientName',
  'recipientPhone',
  'recipientEmail',
  'language',
  'serviceDescription',
  'message',
  'officeNotes',
] as const;

type CertificateRow = typeof giftCertificates.$inferSelect;

/**
 * 15 random digits (the first never 0) and the Damm check digit: not guessable (10^14 choices per
 * certificate sold), typos caught. About one in ten such numbers would also pass the card-number
 * (Luhn) check; those are drawn again, so no certificate number looks like a card number.
 */
export function newGiftCertificateNumber(): string {
  for (;;) {
    let payload = String(randomInt(1, 10));
    while (payload.length < 15) payload += String(randomInt(0, 10));
    const number = payload + dammCheckDigit(payload);
    if (isGiftCertificateNumber(number)) return number;
  }
}

/** Whether any redemption was ever recorded (then the amounts are fixed). */
const redeemedSql = sql<boolean>`exists (select 1 from gift_certificate_entries e
  where e.certificate_id = ${giftCertificates.id} and e.kind = 'redemption')`;

function toCertificate(row: CertificateRow, extra: { redeemed: boolean; createdByName: string | null }): GiftCertificate {
  return {
    id: row.id,
    number: row.number,
    purchaseAmountCents: row.purchaseAmountCents,
    certificateAmountCents: row.certificateAmountCents,
    balanceCents: row.balanceCents,
    purchaseMethod: row.purchaseMethod,
    purchasedOn: row.purchasedOn,
    sentOn: row.sentOn,
    status: row.status,
    purchaserCustomerId: row.purchaserCustomerId,
    purchaserName: row.purchaserName,
    purchaserPhone: row.purchaserPhone,
    purchaserEmail: row.purchaserEmail,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    recipientEmail: row.recipientEmail,
    language: row.language,
    serviceDescription: row.serviceDescription,
    message: row.message,
    officeNotes: row.officeNotes,
    voidReason: row.voidReason,
    redeemed: extra.redeemed,
    createdByName: extra.createdByName,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withExtras = (db: Db) =>
  db
    .select({ row: giftCertificates, redeemed: redeemedSql, createdByName: sysUsers.name, total: totalCount })
    .from(giftCertificates)
    .leftJoin(sysUsers, eq(sysUsers.id, giftCertificates.createdBy));

function listConditions(request: GiftCertificateListRequest): SQL[] {
  const conditions: SQL[] = [];
  const keyword = request.keyword?.trim();
  if (keyword) {
    const digits = giftNumberDigits(keyword);
    const pattern = `%${likeEscape(keyword)}%`;
    const byText = [
      ilike(giftCertificates.purchaserName, pattern),
      ilike(giftCertificates.recipientName, pattern),
      ilike(giftCertificates.purchaserEmail, pattern),
      ilike(giftCertificates.recipientEmail, pattern),
      ilike(giftCertificates.purchaserPhone, pattern),
      ilike(giftCertificates.recipientPhone, pattern),
    ];
    if (/^\d{3,}$/.test(digits)) byText.push(sql`${giftCertificates.number} like ${`%${digits}%`}`);
    conditions.push(or(...byText)!);
  }
  if (request.status) conditions.push(eq(giftCertificates.status, request.status));
  if (request.purchasedFrom) conditions.push(gte(giftCertificates.purchasedOn, request.purchasedFrom));
  if (request.purchasedTo) conditions.push(lte(giftCertificates.purchasedOn, request.purchasedTo));
  return conditions;
}

export async function listGiftCertificates(db: Db, request: GiftCertificateListRequest) {
  const conditions = listConditions(request);
  const query = withExtras(db)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        {
          number: giftCertificates.number,
          purchasedOn: giftCertificates.purchasedOn,
          certificateAmountCents: giftCertificates.certificateAmountCents,
          balanceCents: giftCertificates.balanceCents,
          recipientName: giftCertificates.recipientName,
          status: giftCertificates.status,
        },
        [desc(giftCertificates.purchasedOn)],
        giftCertificates.id,
      ),
    )
    .$dynamic();
  const [{ rows, total }, [outstanding]] = await Promise.all([
    paged(query, request),
    db
      .select({ cents: sql<number>`coalesce(sum(${giftCertificates.balanceCents}), 0)`.mapWith(Number) })
      .from(giftCertificates)
      .where(and(...conditions, eq(giftCertificates.status, 'active'))),
  ]);
  return {
    list: rows.map((r) => toCertificate(r.row, r)),
    total,
    balanceTotalCents: outstanding?.cents ?? 0,
  };
}

export async function giftCertificate(db: Db, id: number): Promise<GiftCertificate> {
  const [found] = await withExtras(db).where(eq(giftCertificates.id, id));
  if (!found) throw notFound(WHAT);
  return toCertificate(found.row, found);
}

export async function giftCertificateDetail(db: Db, id: number): Promise<GiftCertificateDetail> {
  const certificate = await giftCertificate(db, id);
  const history = await db
    .select({ entry: giftCertificateEntries, jobReference: jobs.reference, createdByName: sysUsers.name })
    .from(giftCertificateEntries)
    .leftJoin(jobs, eq(jobs.id, giftCertificateEntries.jobId))
    .leftJoin(sysUsers, eq(sysUsers.id, giftCertificateEntries.createdBy))
    .where(eq(giftCertificateEntries.certificateId, id))
    .orderBy(asc(giftCertificateEntries.id));
  return {
    ...certificate,
    history: history.map(({ entry, jobReference, createdByName }) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      customerPaymentId: entry.customerPaymentId,
      jobId: entry.jobId,
      jobReference,
      note: entry.note,
      createdByName,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

async function assertPurchaser(tx: Db, customerId: number | null) {
  if (customerId === null) return;
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), sql`${customers.deletedAt} is null`));
  if (!row)
    throw new AppError(Code.INVALID_INPUT, 'error.notFound', { field: 'purchaserCustomerId', what: 'customers.customer' });
}

/** Sells a certificate: a fresh number (retried on the unlikely clash), the balance in full, the issue entry. */
export async function addGiftCertificate(tx: Db, actorId: number, input: GiftCertificateAddRequest): Promise<GiftCertificate> {
  // A sale is recorded on the day it happened, never ahead of today where the business is.
  await assertNotAfterToday(tx, 'purchasedOn', input.purchasedOn);
  await assertPurchaser(tx, input.purchaserCustomerId);
  let number = newGiftCertificateNumber();
  for (let attempt = 0; attempt < 5; attempt++) {
    const [taken] = await tx
      .select({ id: giftCertificates.id })
      .from(giftCertificates)
      .where(eq(giftCertificates.number, number));
    if (!taken) break;
    number = newGiftCertificateNumber();
  }
  const [row] = await tx
    .insert(giftCertificates)
    .values({
      ...input,
      sentOn: input.sentOn ?? null,
      number,
      balanceCents: input.certificateAmountCents,
      status: 'active',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await tx.insert(giftCertificateEntries).values({
    certificateId: row!.id,
    kind: 'issue',
    amountCents: row!.certificateAmountCents,
    balanceAfterCents: row!.certificateAmountCents,
    createdBy: actorId,
  });
  return giftCertificate(tx, row!.id);
}

/**
 * Edits the people and texts; the amounts only while nothing was redeemed (a new certificate amount
 * resets the balance, with an adjustment entry). A voided certificate keeps its amounts.
 */
export async function updateGiftCertificate(tx: Db, actorId: number, input: GiftCertificateUpdateRequest) {
  const row = await lockCertificate(tx, input.id);
  if (row.version !== input.version) throw conflict();
  if (input.purchasedOn !== row.purchasedOn) await assertNotAfterToday(tx, 'purchasedOn', input.purchasedOn);
  await assertPurchaser(tx, input.purchaserCustomerId);
  const before = await giftCertificate(tx, input.id);
  const amountsChange =
    input.certificateAmountCents !== row.certificateAmountCents ||
    input.purchaseAmountCents !== row.purchaseAmountCents ||
    input.purchaseMethod !== row.purchaseMethod;
  if (amountsChange && (before.redeemed || row.status !== 'active')) throw refused('marketing.giftAmountsLocked');
  const { id: _id, version: _version, ...values } = input;
  const difference = input.certificateAmountCents - row.certificateAmountCents;
  await tx
    .update(giftCertificates)
    .set({
      ...values,
      sentOn: input.sentOn ?? null,
      balanceCents: row.balanceCents + difference,
      version: row.version + 1,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(giftCertificates.id, input.id));
  if (difference !== 0) {
    await tx.insert(giftCertificateEntries).values({
      certificateId: row.id,
      kind: 'adjustment',
      amountCents: difference,
      balanceAfterCents: row.balanceCents + difference,
      createdBy: actorId,
    });
  }
  return { before, after: await giftCertificate(tx, input.id) };
}

/** Voids a certificate: its balance goes to zero with a void entry; it can never be redeemed again. */
export async function voidGiftCertificate(tx: Db, actorId: number, input: { id: number; version: number; reason: string }) {
  const row = await lockCertificate(tx, input.id);
  if (row.version !== input.version) throw conflict();
  if (row.status === 'voided') throw refused('marketing.giftAlreadyVoided');
  const { after } = await moveBalance(tx, row, {
    kind: 'void',
    amountCents: -row.balanceCents,
    actorId,
    note: input.reason,
    status: 'voided',
    voidReason: input.reason,
  });
  return { before: row, after };
}

/** Civil Code 1749.5(b)(2): a balance above zero and under $10 is paid out in cash on request. */
export async function cashRefundGiftCertificate(
  tx: Db,
  actorId: number,
  input: { id: number; version: number; note: string },
  locale: Locale,
) {
  const row = await lockCertificate(tx, input.id);
  if (row.version !== input.version) throw conflict();
  if (row.status === 'voided') throw refused('marketing.giftAlreadyVoided');
  if (!giftCashRefundable(row)) {
    throw refused('marketing.giftCashRefundLimit', { balance: formatCents(row.balanceCents, locale) });
  }
  const { after } = await moveBalance(tx, row, {
    kind: 'cash_refund',
    amountCents: -row.balanceCents,
    actorId,
    note: input.note,
  });
  return { before: row, after, amountCents: row.balanceCents };
}

/** The payment forms' check of a number: the status and the balance, nothing about the people but the recipient. */
export async function lookupGiftCertificate(db: Db, number: string): Promise<GiftCertificateLookup> {
  const [row] = await db
    .select({
      id: giftCertificates.id,
      number: giftCertificates.number,
      status: giftCertificates.status,
      balanceCents: giftCertificates.balanceCents,
      recipientName: giftCertificates.recipientName,
    })
    .from(giftCertificates)
    .where(eq(giftCertificates.number, number));
  if (!row) throw new AppError(Code.INVALID_INPUT, 'marketing.giftUnknownNumber', { field: 'giftCertificateNumber', number });
  return row;
}
