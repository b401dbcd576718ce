import {
  addressKey,
  formatCents,
  type ListResponse,
  type Locale,
  phoneKey,
  QUOTE_TRANSITIONS,
  type Quote,
  type QuoteAddRequest,
  type QuoteChangeStatusRequest,
  type QuoteHistoryEntry,
  type QuoteListItem,
  type QuoteListRequest,
  type QuoteModifyRequest,
  type QuoteStatus,
} from '@tidyhouse/contract';
import { type AnyColumn, and, asc, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { diff } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { conflict, notFound, refused } from '../../platform/errors';
import { largeListTotal, largeTotal, likeEscape, orderOf, paged } from '../../platform/list';
import { nextReference } from '../../platform/references';
import type { Secrets } from '../../platform/secrets';
import { customers } from '../customers/customers.tables';
import { assertTeam, zoneOfZip } from '../customers/lookups';
import { auditView, cardOf, iso, refOf } from '../customers/mappers';
import { sysUsers, teams } from '../employees/employees.tables';
import { priceQuoteWithCoupon } from '../marketing/campaigns/quote-coupon';
import { disclaimers, zones } from '../system/settings.tables';
import { type ConversionResult, convertQuoteToCustomer, type QuoteRow } from './conversion';
import { assertDiscountAllowed, existingQuoteBasis, newQuoteBasis, type PricedQuote, type PricingBasis } from './quote-pricing';
import { quoteHistory, quoteLines, quotes } from './sales.tables';

function quoteValues(
  req: QuoteAddRequest,
  priced: PricedQuote,
  basis: PricingBasis,
  zoneId: number | null,
  campaignId: number | null,
) {
  const b = priced.breakdown;
  return {
    campaignId,
    customerId: req.customerId,
    customerName: req.customerName,
    phone1: req.phone1,
    phone2: req.phone2,
    phone3: req.phone3,
    email: req.email,
    address1: req.address1,
    address2: req.address2,
    city: req.city,
    state: req.state,
    county: req.county,
    zip: req.zip,
    country: req.country,
    zoneId,
    addressKey: addressKey(req.address1, req.zip),
    language: req.language,
    source: req.source,
    channel: req.channel,
    customerNote: req.customerNote,
    locationType: req.locationType,
    houseType: req.houseType,
    jobLocation: req.jobLocation,
    jobNote: req.jobNote,
    occupants: req.occupants,
    houseSizeSqft: req.houseSizeSqft,
    housingArea: req.housingArea,
    quoteType: req.quoteType,
    frequency: req.frequency,
    teamSize: priced.teamSize,
    pricePerMinuteCents: priced.pricePerMinuteCents,
    travelMinutes: req.travelMinutes,
    couponCode: req.couponCode,
    couponDiscountCents: req.couponDiscountCents,
    discountCents: req.discountCents,
    flatRateCents: req.flatRateCents,
    ...basis.parameters,
    totalMinutes: b.labourMinutes,
    inHomeMinutes: b.inHomeMinutes,
    calculatedPriceCents: b.calculatedPriceCents,
    rangeLowCents: b.rangeLowCents,
    rangeHighCents: b.rangeHighCents,
    taxCents: b.firstVisit.taxCents,
    finalOfferCents: b.finalOfferCents,
    breakdown: b,
    teamNote: req.teamNote,
    preferredTeamId: req.preferredTeamId,
  };
}

async function writeLines(tx: Db, quoteId: number, priced: PricedQuote): Promise<void> {
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  if (priced.lines.length === 0) return;
  await tx.insert(quoteLines).values(
    priced.lines.map((line, index) => ({
      quoteId,
      priceItemId: line.priceItemId,
      kind: line.kind,
      nameEn: line.nameEn,
      nameZh: line.nameZh,
      taxable: line.taxable,
      quantity: line.quantity,
      minutesEach: line.minutesEach,
      unitPriceCents: line.unitPriceCents,
      totalMinutes: line.totalMinutes,
      amountCents: line.amountCents,
      sortOrder: index,
    })),
  );
}

async function assertReferences(tx: Db, req: QuoteAddRequest): Promise<void> {
  await assertTeam(tx, req.preferredTeamId);
  if (req.customerId !== null) {
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, req.customerId), isNull(customers.deletedAt)));
    if (!row) throw refused('sales.customerUnknown', { id: req.customerId });
  }
}

const linesText = (lines: { nameEn: string; quantity: number }[]) => lines.map((l) => `${l.nameEn} ×${l.quantity}`).join(', ');

/** A new quote: priced by the server with today's parameters and rates; reference from the month's counter. */
export async function addQuote(tx: Db, actorId: number, req: QuoteAddRequest, locale: Locale) {
  await assertReferences(tx, req);
  const basis = await newQuoteBasis(tx);
  const { priced, couponDiscountCents, campaignId } = await priceQuoteWithCoupon(tx, req, basis);
  req = { ...req, couponDiscountCents };
  assertDiscountAllowed(priced.breakdown, basis.parameters, locale);
  const zone = await zoneOfZip(tx, req.zip);
  const reference = await nextReference(tx, 'Q', basis.quoteDate);
  const [row] = await tx
    .insert(quotes)
    .values({
      ...quoteValues(req, priced, basis, zone?.id ?? null, campaignId),
      reference,
      quoteDate: basis.quoteDate,
      status: 'pending',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await writeLines(tx, row!.id, priced);
  await tx.insert(quoteHistory).values({
    quoteId: row!.id,
    userId: actorId,
    action: 'created',
    toStatus: 'pending',
    summary: `Quote ${reference} for ${req.customerName}: ${linesText(priced.lines) || 'no items'}; final offer ${formatCents(priced.breakdown.finalOfferCents)}`,
  });
  return { row: row!, zone };
}

async function loadQuoteForUpdate(tx: Db, id: number): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!row) throw notFound('sales.quote');
  return row;
}

/** Edits a pending quote (version checked), repriced on the quote's own date and parameters. */
export async function modifyQuote(tx: Db, actorId: number, req: QuoteModifyRequest, locale: Locale) {
  const before = await loadQuoteForUpdate(tx, req.id);
  if (before.version !== req.version) throw conflict();
  if (before.status === 'sold') throw refused('sales.soldIsFinal');
  if (before.status !== 'pending') throw refused('sales.onlyPendingEditable');
  await assertReferences(tx, req);
  const basis = await existingQuoteBasis(tx, before);
  const { priced, couponDiscountCents, campaignId } = await priceQuoteWithCoupon(tx, req, basis, { quoteId: before.id });
  req = { ...req, couponDiscountCents };
  assertDiscountAllowed(priced.breakdown, basis.parameters, locale);
  const zone = await zoneOfZip(tx, req.zip);
  const [after] = await tx
    .update(quotes)
    .set({
      ...quoteValues(req, priced, basis, zone?.id ?? null, campaignId),
      version: before.version + 1,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(quotes.id, req.id))
    .returning();
  const previousLines = await tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, req.id))
    .orderBy(asc(quoteLines.sortOrder));
  await writeLines(tx, req.id, priced);
  const { breakdown: _b1, ...beforeView } = auditView(before);
  const { breakdown: _b2, ...afterView } = auditView(after!);
  const changes = diff(beforeView, afterView) ?? {};
  const from = linesText(previousLines);
  const to = linesText(priced.lines);
  if (from !== to) changes.lines = { from, to };
  await tx.insert(quoteHistory).values({
    quoteId: req.id,
    userId: actorId,
    action: 'modified',
    summary: `Quote ${before.reference} edited: ${Object.keys(changes).join(', ') || 'no change'}`,
    changes,
  });
  return { before, after: after!, zone, changes };
}

/**
 * Status change (docs/business-rules.md "Quote status"): pending → sold (the sold conversion runs
 * in this transaction) or not sold (reason required); not sold → pending (reopen); sold is final.
 */
export async function changeQuoteStatus(
  tx: Db,
  actor: { userId: number; locale: Locale },
  req: QuoteChangeStatusRequest,
  secrets: Secrets,
): Promise<{ quote: QuoteRow; from: QuoteStatus; conversion: ConversionResult | null }> {
  const quote = await loadQuoteForUpdate(tx, req.id);
  if (quote.version !== req.version) throw conflict();
  if (quote.status === 'sold') throw refused('sales.soldIsFinal');
  if (!QUOTE_TRANSITIONS[quote.status].includes(req.status)) {
    throw refused('sales.badTransition', { from: `sales.status.${quote.status}`, to: `sales.status.${req.status}` });
  }
  const conversion = req.status === 'sold' ? await convertQuoteToCustomer(tx, quote, actor, secrets) : null;
  const [after] = await tx
    .update(quotes)
    .set({
      status: req.status,
      statusReason: req.reason,
      statusChangedAt: new Date(),
      customerId: conversion?.customerId ?? quote.customerId,
      version: quote.version + 1,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    })
    .where(eq(quotes.id, req.id))
    .returning();
  await tx.insert(quoteHistory).values({
    quoteId: quote.id,
    userId: actor.userId,
    action: 'status_changed',
    fromStatus: quote.status,
    toStatus: req.status,
    reason: req.reason,
    summary:
      `Quote ${quote.reference}: ${quote.status} → ${req.status}` +
      (conversion ? ` (customer #${conversion.customerId}${conversion.createdCustomer ? ' created' : ''})` : ''),
  });
  return { quote: after!, from: quote.status, conversion };
}

const creator = alias(sysUsers, 'creator');
/** The digits of a stored phone before its extension. */
const phoneDigitsSql = (column: AnyColumn) => sql`regexp_replace(split_part(${column}, 'x', 1), '[^0-9]', '', 'g')`;

export async function listQuotes(db: Db, req: QuoteListRequest): Promise<ListResponse<QuoteListItem>> {
  const text = req.keyword?.toLowerCase();
  // Phones are stored formatted ("(650) 555-0142"): a search compares digits, a leading 1 dropped.
  const digits = req.keyword ? phoneKey(req.keyword) : '';
  const like = text ? `%${likeEscape(text)}%` : null;
  const conditions: (SQL | undefined)[] = [
    like
      ? or(
          sql`lower(${quotes.reference}) like ${like}`,
          sql`lower(${quotes.customerName}) like ${like}`,
          sql`lower(${quotes.address1}) like ${like}`,
          sql`${quotes.zip} like ${like}`,
          sql`lower(${quotes.phone1}) like ${like}`,
          digits.length >= 3
            ? sql`concat_ws(' ', ${phoneDigitsSql(quotes.phone1)}, ${phoneDigitsSql(quotes.phone2)}, ${phoneDigitsSql(quotes.phone3)}) like ${`%${digits}%`}`
            : undefined,
        )
      : undefined,
    req.status ? eq(quotes.status, req.status) : undefined,
    req.source ? eq(quotes.source, req.source) : undefined,
    req.channel ? eq(quotes.channel, req.channel) : undefined,
    req.dateFrom ? gte(quotes.quoteDate, req.dateFrom) : undefined,
    req.dateTo ? lte(quotes.quoteDate, req.dateTo) : undefined,
    req.createdBy ? eq(quotes.createdBy, req.createdBy) : undefined,
  ];
  const filtered = conditions.some((c) => c !== undefined);
  const where = and(...conditions);
  const query = db
    .select({
      quote: {
        id: quotes.id,
        version: quotes.version,
        reference: quotes.reference,
        quoteDate: quotes.quoteDate,
        status: quotes.status,
        statusReason: quotes.statusReason,
        customerName: quotes.customerName,
        phone1: quotes.phone1,
        email: quotes.email,
        address1: quotes.address1,
        city: quotes.city,
        zip: quotes.zip,
        zoneId: quotes.zoneId,
        source: quotes.source,
        channel: quotes.channel,
        frequency: quotes.frequency,
        finalOfferCents: quotes.finalOfferCents,
        customerId: quotes.customerId,
        createdBy: quotes.createdBy,
        createdAt: quotes.createdAt,
      },
      zoneName: zones.name,
      zoneColor: zones.color,
      creatorName: creator.name,
      // The maintained count, or the filtered matches counted up to a cap (platform/list.ts).
      total: largeListTotal('quotes', quotes, where, filtered),
    })
    .from(quotes)
    .leftJoin(zones, eq(zones.id, quotes.zoneId))
    .leftJoin(creator, eq(creator.id, quotes.createdBy))
    .where(where)
    .orderBy(
      ...orderOf(
        req.sort,
        {
          reference: quotes.reference,
          quoteDate: quotes.quoteDate,
          customerName: quotes.customerName,
          status: quotes.status,
          finalOfferCents: quotes.finalOfferCents,
          createdAt: quotes.createdAt,
        },
        [desc(quotes.quoteDate), desc(quotes.createdAt)],
        quotes.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    ...largeTotal(total, filtered),
    list: rows.map(({ quote: q, zoneName, zoneColor, creatorName }) => ({
      ...q,
      zone: refOf(q.zoneId, zoneName, zoneColor),
      createdBy: q.createdBy !== null && creatorName !== null ? { id: q.createdBy, name: creatorName } : null,
      createdAt: iso(q.createdAt),
    })),
  };
}

const preferredTeam = alias(teams, 'preferred_team');

export async function quoteDetail(db: Db, id: number): Promise<Quote> {
  const [row] = await db
    .select({
      quote: quotes,
      zoneName: zones.name,
      zoneColor: zones.color,
      teamName: preferredTeam.name,
      teamColor: preferredTeam.color,
      customerName: customers.name,
      creatorName: creator.name,
    })
    .from(quotes)
    .leftJoin(zones, eq(zones.id, quotes.zoneId))
    .leftJoin(preferredTeam, eq(preferredTeam.id, quotes.preferredTeamId))
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .leftJoin(creator, eq(creator.id, quotes.createdBy))
    .where(eq(quotes.id, id));
  if (!row) throw notFound('sales.quote');
  const q = row.quote;
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.sortOrder));
  const [disclaimer] = await db
    .select({ en: disclaimers.textEn, zh: disclaimers.textZh })
    .from(disclaimers)
    .where(and(eq(disclaimers.purpose, 'quote'), eq(disclaimers.active, true), isNull(disclaimers.deletedAt)))
    .orderBy(asc(disclaimers.id))
    .limit(1);
  const language = q.language === 'zh' ? 'zh' : 'en';
  return {
    id: q.id,
    version: q.version,
    reference: q.reference,
    quoteDate: q.quoteDate,
    status: q.status,
    statusReason: q.statusReason,
    statusChangedAt: q.statusChangedAt ? iso(q.statusChangedAt) : null,
    customer: q.customerId !== null && row.customerName !== null ? { id: q.customerId, name: row.customerName } : null,
    customerName: q.customerName,
    phone1: q.phone1,
    phone2: q.phone2,
    phone3: q.phone3,
    email: q.email,
    address1: q.address1,
    address2: q.address2,
    city: q.city,
    state: q.state,
    county: q.county,
    zip: q.zip,
    country: q.country,
    zone: refOf(q.zoneId, row.zoneName, row.zoneColor),
    language,
    source: q.source,
    channel: q.channel,
    customerNote: q.customerNote,
    locationType: q.locationType,
    houseType: q.houseType,
    jobLocation: q.jobLocation,
    jobNote: q.jobNote,
    occupants: q.occupants,
    houseSizeSqft: q.houseSizeSqft,
    housingArea: q.housingArea,
    quoteType: q.quoteType,
    frequency: q.frequency,
    teamSize: q.teamSize,
    pricePerMinuteCents: q.pricePerMinuteCents,
    travelMinutes: q.travelMinutes,
    couponCode: q.couponCode,
    couponDiscountCents: q.couponDiscountCents,
    discountCents: q.discountCents,
    flatRateCents: q.flatRateCents,
    calculatedPriceCents: q.calculatedPriceCents,
    rangeLowCents: q.rangeLowCents,
    rangeHighCents: q.rangeHighCents,
    inHomeMinutes: q.inHomeMinutes,
    totalMinutes: q.totalMinutes,
    finalOfferCents: q.finalOfferCents,
    lines: lines.map((l) => ({
      priceItemId: l.priceItemId,
      kind: l.kind,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      taxable: l.taxable,
      minutesEach: l.minutesEach,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      totalMinutes: l.totalMinutes,
      amountCents: l.amountCents,
    })),
    breakdown: q.breakdown,
    parameters: {
      minutesPerPersonPer1000Sqft: q.minutesPerPersonPer1000Sqft,
      priceRangeVarianceBps: q.priceRangeVarianceBps,
      maxDiscountBps: q.maxDiscountBps,
      salesTaxBps: q.salesTaxBps,
      defaultTeamSize: q.defaultTeamSize,
      defaultPricePerMinuteCents: q.defaultPricePerMinuteCents,
    },
    teamNote: q.teamNote,
    preferredTeam: refOf(q.preferredTeamId, row.teamName, row.teamColor),
    card: cardOf(q),
    disclaimer: disclaimer ? disclaimer[language] || disclaimer.en : null,
    createdBy: row.creatorName,
    createdAt: iso(q.createdAt),
    updatedAt: iso(q.updatedAt),
  };
}

export async function quoteHistoryOf(db: Db, id: number): Promise<QuoteHistoryEntry[]> {
  const [exists] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, id));
  if (!exists) throw notFound('sales.quote');
  const rows = await db
    .select({ entry: quoteHistory, user: sysUsers.name })
    .from(quoteHistory)
    .leftJoin(sysUsers, eq(sysUsers.id, quoteHistory.userId))
    .where(eq(quoteHistory.quoteId, id))
    .orderBy(desc(quoteHistory.at), desc(quoteHistory.id));
  return rows.map(({ entry, user }) => ({
    id: entry.id,
    at: iso(entry.at),
    action: entry.action,
    user,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    reason: entry.reason,
    summary: entry.summary,
    changes: entry.changes ?? {},
  }));
}
