import type {
  PricedItem,
  PriceItem,
  PriceItemAddRequest,
  PriceItemDetail,
  PriceItemKind,
  PriceItemListRequest,
  PriceItemModifyRequest,
  PriceRate,
  PriceRateAddRequest,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { conflict, notFound, refused } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { loadForUpdate, softDeleteVersioned, updateVersioned } from '../../platform/versioned';
import { sysUsers } from '../employees/employees.tables';
import { priceItemRates, priceItems } from './settings.tables';

const WHAT = 'priceList.item';
export const PRICE_ITEM_FIELDS = ['kind', 'nameEn', 'nameZh', 'taxable', 'active', 'sortOrder'] as const;

type ItemRecord = typeof priceItems.$inferSelect;
type RateRecord = typeof priceItemRates.$inferSelect;

const rateOf = (r: Pick<RateRecord, 'effectiveFrom' | 'inHomeMinutes' | 'unitPriceCents'>): PriceRate => ({
  effectiveFrom: r.effectiveFrom,
  inHomeMinutes: r.inHomeMinutes,
  unitPriceCents: r.unitPriceCents,
});

/**
 * The rate of each item in force on `date` (`YYYY-MM-DD`): the one with the latest effective date not
 * after it. Items without one then (not yet priced) are absent from the map. One query for any number.
 */
export async function rateOn(db: Db, itemIds: readonly number[], date: string): Promise<Map<number, PriceRate>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([priceItemRates.priceItemId], {
      priceItemId: priceItemRates.priceItemId,
      effectiveFrom: priceItemRates.effectiveFrom,
      inHomeMinutes: priceItemRates.inHomeMinutes,
      unitPriceCents: priceItemRates.unitPriceCents,
    })
    .from(priceItemRates)
    .where(and(inArray(priceItemRates.priceItemId, [...itemIds]), lte(priceItemRates.effectiveFrom, date)))
    .orderBy(priceItemRates.priceItemId, desc(priceItemRates.effectiveFrom));
  return new Map(rows.map((r) => [r.priceItemId, rateOf(r)]));
}

/** The rate in force on `today` and the next one after it, from an item's rates. */
export function currentAndNext(
  rates: readonly RateRecord[],
  today: string,
): { current: PriceRate | null; next: PriceRate | null } {
  const sorted = [...rates].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const past = sorted.filter((r) => r.effectiveFrom <= today);
  const future = sorted.filter((r) => r.effectiveFrom > today);
  return { current: past.length ? rateOf(past[past.length - 1]!) : null, next: future.length ? rateOf(future[0]!) : null };
}

async function ratesOf(db: Db, itemIds: number[]): Promise<Map<number, RateRecord[]>> {
  const byItem = new Map<number, RateRecord[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(priceItemRates)
    .where(inArray(priceItemRates.priceItemId, itemIds))
    .orderBy(desc(priceItemRates.effectiveFrom));
  for (const row of rows) byItem.set(row.priceItemId, [...(byItem.get(row.priceItemId) ?? []), row]);
  return byItem;
}

const toItem = (row: ItemRecord, rates: RateRecord[], today: string): PriceItem => ({
  id: row.id,
  kind: row.kind,
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  taxable: row.taxable,
  active: row.active,
  sortOrder: row.sortOrder,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  ...currentAndNext(rates, today),
});

/** Items, then add-ons, then fees. */
const kindOrder = sql`case ${priceItems.kind} when 'item' then 0 when 'addon' then 1 else 2 end`;

export async function listPriceItems(db: Db, request: PriceItemListRequest) {
  const conditions: SQL[] = [isNull(priceItems.deletedAt)];
  if (request.kind) conditions.push(eq(priceItems.kind, request.kind));
  if (request.active != null) conditions.push(eq(priceItems.active, request.active));
  if (request.name) {
    const pattern = `%${likeEscape(request.name)}%`;
    conditions.push(or(ilike(priceItems.nameEn, pattern), ilike(priceItems.nameZh, pattern))!);
  }
  const query = db
    .select({ row: priceItems, total: totalCount })
    .from(priceItems)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { kind: kindOrder, nameEn: priceItems.nameEn, nameZh: priceItems.nameZh, sortOrder: priceItems.sortOrder },
        [kindOrder, asc(priceItems.sortOrder)],
        priceItems.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  const today = await businessToday(db);
  const rates = await ratesOf(
    db,
    rows.map((r) => r.row.id),
  );
  return { list: rows.map((r) => toItem(r.row, rates.get(r.row.id) ?? [], today)), total };
}

export async function priceItemDetail(db: Db, id: number): Promise<PriceItemDetail> {
  const [row] = await db
    .select()
    .from(priceItems)
    .where(and(eq(priceItems.id, id), isNull(priceItems.deletedAt)));
  if (!row) throw notFound(WHAT);
  const today = await businessToday(db);
  const rates = (await ratesOf(db, [id])).get(id) ?? [];
  const current = currentAndNext(rates, today).current;
  const authorIds = [...new Set(rates.map((r) => r.createdBy).filter((u): u is number => u !== null))];
  const authors = new Map(
    authorIds.length
      ? (await db.select({ id: sysUsers.id, name: sysUsers.name }).from(sysUsers).where(inArray(sysUsers.id, authorIds))).map(
          (u) => [u.id, u.name] as const,
        )
      : [],
  );
  return {
    ...toItem(row, rates, today),
    rates: rates.map((r) => ({
      id: r.id,
      ...rateOf(r),
      status: r.effectiveFrom > today ? 'scheduled' : r.effectiveFrom === current?.effectiveFrom ? 'current' : 'past',
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy,
      createdByName: r.createdBy === null ? null : (authors.get(r.createdBy) ?? null),
    })),
  };
}

/** English names are unique within a kind (ignoring case) among entries not removed. */
async function assertNameFree(tx: Db, input: { kind: PriceItemKind; nameEn: string }, exceptId?: number) {
  const [taken] = await tx
    .select({ id: priceItems.id })
    .from(priceItems)
    .where(
      and(
        isNull(priceItems.deletedAt),
        eq(priceItems.kind, input.kind),
        sql`lower(${priceItems.nameEn}) = lower(${input.nameEn})`,
        exceptId === undefined ? undefined : ne(priceItems.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw conflict('priceList.nameTaken', { name: input.nameEn });
}

export async function addPriceItem(tx: Db, actorId: number, input: PriceItemAddRequest): Promise<PriceItemDetail> {
  await assertNameFree(tx, input);
  const [row] = await tx
    .insert(priceItems)
    .values({
      kind: input.kind,
      nameEn: input.nameEn,
      nameZh: input.nameZh,
      taxable: input.taxable,
      active: input.active,
      sortOrder: input.sortOrder,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await tx.insert(priceItemRates).values({
    priceItemId: row!.id,
    effectiveFrom: input.effectiveFrom,
    inHomeMinutes: input.inHomeMinutes,
    unitPriceCents: input.unitPriceCents,
    createdBy: actorId,
  });
  return priceItemDetail(tx, row!.id);
}

export async function modifyPriceItem(tx: Db, actorId: number, input: PriceItemModifyRequest) {
  await assertNameFree(tx, input, input.id);
  const values = {
    kind: input.kind,
    nameEn: input.nameEn,
    nameZh: input.nameZh,
    taxable: input.taxable,
    active: input.active,
    sortOrder: input.sortOrder,
  };
  return updateVersioned(tx, priceItems, WHAT, input, values, actorId);
}

export async function removePriceItem(tx: Db, actorId: number, target: { id: number; version: number }) {
  return softDeleteVersioned(tx, priceItems, WHAT, target, actorId);
}

/**
 * A change of minutes and price from a date. Rules (docs/business-rules.md "Price list"):
 * the date may not be before today (business time zone); a new date adds a rate; the date of an
 * existing rate replaces it only while that date is after today; a rate in force is never changed.
 */
export async function addRate(tx: Db, actorId: number, input: PriceRateAddRequest, today?: string) {
  // Locking the entry serializes rate changes of one entry.
  const item = await loadForUpdate(tx, priceItems, input.id, WHAT);
  const day = today ?? (await businessToday(tx));
  if (input.effectiveFrom < day) throw refused('priceList.rateInPast', { date: input.effectiveFrom, today: day });
  const [existing] = await tx
    .select()
    .from(priceItemRates)
    .where(and(eq(priceItemRates.priceItemId, item.id), eq(priceItemRates.effectiveFrom, input.effectiveFrom)));
  const values = { inHomeMinutes: input.inHomeMinutes, unitPriceCents: input.unitPriceCents };
  if (existing) {
    if (existing.effectiveFrom <= day) throw refused('priceList.rateInForce', { date: existing.effectiveFrom });
    await tx
      .update(priceItemRates)
      .set({ ...values, createdAt: new Date(), createdBy: actorId })
      .where(eq(priceItemRates.id, existing.id));
  } else {
    await tx
      .insert(priceItemRates)
      .values({ priceItemId: item.id, effectiveFrom: input.effectiveFrom, ...values, createdBy: actorId });
  }
  return { item, replaced: existing ? rateOf(existing) : null };
}

/** Cancels a scheduled rate (effective after today); rates in force or past stay. */
export async function removeRate(tx: Db, input: { id: number; rateId: number }, today?: string) {
  const item = await loadForUpdate(tx, priceItems, input.id, WHAT);
  const day = today ?? (await businessToday(tx));
  const rates = await tx.select().from(priceItemRates).where(eq(priceItemRates.priceItemId, item.id));
  const rate = rates.find((r) => r.id === input.rateId);
  if (!rate) throw notFound('priceList.rate');
  if (rate.effectiveFrom <= day) throw refused('priceList.rateNotScheduled');
  if (rates.length === 1) throw refused('priceList.lastRate');
  await tx.delete(priceItemRates).where(eq(priceItemRates.id, rate.id));
  return { item, rate: rateOf(rate) };
}

/** Every active entry with its rate on `date`, items first; entries not yet priced then are left out. */
export async function priceOn(db: Db, date: string, kind?: PriceItemKind | null): Promise<PricedItem[]> {
  const rows = await db
    .select()
    .from(priceItems)
    .where(and(isNull(priceItems.deletedAt), eq(priceItems.active, true), kind ? eq(priceItems.kind, kind) : undefined))
    .orderBy(kindOrder, asc(priceItems.sortOrder), asc(priceItems.id));
  const rates = await rateOn(
    db,
    rows.map((r) => r.id),
    date,
  );
  return rows.flatMap((row) => {
    const rate = rates.get(row.id);
    if (!rate) return [];
    return [
      {
        id: row.id,
        kind: row.kind,
        nameEn: row.nameEn,
        nameZh: row.nameZh,
        taxable: row.taxable,
        sortOrder: row.sortOrder,
        ...rate,
      },
    ];
  });
}
