import type { ColoredRef, PriceLineKind, QuotePriceItem, QuotePricingParameters } from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { queryRows } from '../../platform/database';
import { refused } from '../../platform/errors';
import { sysUsers, teams } from '../employees/employees.tables';
import { quoteParameters, zones } from '../system/settings.tables';
import { businessProfile } from '../system/system.tables';

/**
 * Small reads of other domains' settings (system set-up, employees) that customers and quotes
 * need. Those domains own the tables and their APIs; these are plain queries on them.
 */

export { businessTimeZone, businessToday } from '../../platform/business-date';

/**
 * The zone of a zip code: the active zone where it is primary, else one where it is secondary;
 * never a zone that lists it as an exception.
 */
export async function zoneOfZip(db: Db, zip: string): Promise<ColoredRef | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const rows = await queryRows<{ id: number; name: string; color: string }>(
    db,
    sql`select z.id, z.name, z.color
        from zone_zips zz join zones z on z.id = zz.zone_id
        where zz.zip = ${zip} and zz.kind in ('primary', 'secondary') and z.active and z.deleted_at is null
        order by case zz.kind when 'primary' then 0 else 1 end, z.id
        limit 1`,
  );
  const row = rows[0];
  return row ? { id: Number(row.id), name: row.name, color: row.color } : null;
}

/** Zones by id, for the rows of a page (one query). */
export async function zonesById(db: Db, ids: (number | null)[]): Promise<Map<number, ColoredRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: zones.id, name: zones.name, color: zones.color })
    .from(zones)
    .where(inArray(zones.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function teamsById(db: Db, ids: (number | null)[]): Promise<Map<number, ColoredRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, name: teams.name, color: teams.color })
    .from(teams)
    .where(inArray(teams.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function userNamesById(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: sysUsers.id, name: sysUsers.name }).from(sysUsers).where(inArray(sysUsers.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A live team, or 10004. */
export async function assertTeam(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, id), isNull(teams.deletedAt)));
  if (!row) throw refused('customers.teamUnknown', { id });
}

/** An active employee (not removed, not terminated), or 10010. */
export async function assertEmployee(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), isNull(sysUsers.deletedAt), eq(sysUsers.status, 'active')));
  if (!row) throw refused('customers.employeeUnknown', { id });
}

/** The quote parameters (id 1) and the sales tax, or 10010 when set-up has not saved them yet. */
export async function pricingParameters(db: Db): Promise<QuotePricingParameters> {
  const [params] = await db.select().from(quoteParameters).where(eq(quoteParameters.id, 1));
  if (!params) throw refused('sales.quoteParametersMissing');
  const [profile] = await db
    .select({ salesTaxBps: businessProfile.salesTaxBps })
    .from(businessProfile)
    .where(eq(businessProfile.id, 1));
  return {
    minutesPerPersonPer1000Sqft: params.minutesPerPersonPer1000Sqft,
    priceRangeVarianceBps: params.priceRangeVarianceBps,
    maxDiscountBps: params.maxDiscountBps,
    salesTaxBps: profile?.salesTaxBps ?? 0,
    defaultTeamSize: params.defaultTeamSize,
    defaultPricePerMinuteCents: params.defaultPricePerMinuteCents,
  };
}

/**
 * Price list entries with the rate in force on a date (the latest effective_from not after it).
 * `ids` limits the answer to those entries (inactive ones included: an old quote may use one);
 * without it, every active entry that has a rate on that date.
 */
export async function priceItemsOn(db: Db, onDate: string, ids?: number[]): Promise<QuotePriceItem[]> {
  if (ids && ids.length === 0) return [];
  const filter = ids
    ? sql`pi.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`pi.active and pi.deleted_at is null`;
  const rows = await queryRows<{
    id: number;
    kind: PriceLineKind;
    name_en: string;
    name_zh: string;
    taxable: boolean;
    in_home_minutes: number;
    unit_price_cents: number;
  }>(
    db,
    sql`select pi.id, pi.kind, pi.name_en, pi.name_zh, pi.taxable, r.in_home_minutes, r.unit_price_cents
        from price_items pi
        join lateral (
          select in_home_minutes, unit_price_cents from price_item_rates
          where price_item_id = pi.id and effective_from <= ${onDate}
          order by effective_from desc limit 1
        ) r on true
        where ${filter}
        order by case pi.kind when 'item' then 0 when 'addon' then 1 else 2 end, pi.sort_order, pi.id`,
  );
  return rows.map((r) => ({
    priceItemId: Number(r.id),
    kind: r.kind,
    nameEn: r.name_en,
    nameZh: r.name_zh,
    taxable: r.taxable,
    minutesEach: Number(r.in_home_minutes),
    unitPriceCents: Number(r.unit_price_cents),
  }));
}

/** Active teams, active employees and active zones for the screens' option lists. */
export async function optionLists(db: Db) {
  const [teamRows, employeeRows, zoneRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, color: teams.color })
      .from(teams)
      .where(and(isNull(teams.deletedAt), eq(teams.active, true)))
      .orderBy(asc(teams.name)),
    db
      .select({ id: sysUsers.id, name: sysUsers.name })
      .from(sysUsers)
      .where(and(isNull(sysUsers.deletedAt), eq(sysUsers.status, 'active'), eq(sysUsers.enabled, true)))
      .orderBy(asc(sysUsers.name)),
    db
      .select({ id: zones.id, name: zones.name, color: zones.color })
      .from(zones)
      .where(and(isNull(zones.deletedAt), eq(zones.active, true)))
      .orderBy(asc(zones.name)),
  ]);
  return { teams: teamRows, employees: employeeRows, zones: zoneRows };
}
