import {
  ZIP_KINDS,
  type ZipKind,
  type Zone,
  type ZoneAddRequest,
  type ZoneListRequest,
  type ZoneLookupResult,
  type ZoneModifyRequest,
  type ZoneOption,
} from '@tidyhouse/contract';
import { and, asc, eq, ilike, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { conflict, notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { loadForUpdate, softDeleteVersioned, updateVersioned } from '../../platform/versioned';
import { zones, zoneZips } from './settings.tables';

const WHAT = 'zones.zone';
/** The advisory lock under which zone ZIP lists are checked and saved (one transaction at a time). */
const ZONE_ZIPS_LOCK = 7_341_911;

type ZoneRecord = typeof zones.$inferSelect;
type ZipLists = Pick<Zone, 'primaryZips' | 'secondaryZips' | 'exceptionZips'>;
export const ZONE_FIELDS = ['name', 'color', 'code', 'active', 'primaryZips', 'secondaryZips', 'exceptionZips'] as const;

const listKey = (kind: ZipKind) => `${kind}Zips` as const;

async function zipsOf(db: Db, zoneIds: number[]): Promise<Map<number, ZipLists>> {
  const byZone = new Map<number, ZipLists>(zoneIds.map((id) => [id, { primaryZips: [], secondaryZips: [], exceptionZips: [] }]));
  if (zoneIds.length === 0) return byZone;
  const rows = await db.select().from(zoneZips).where(inArray(zoneZips.zoneId, zoneIds)).orderBy(asc(zoneZips.zip));
  for (const row of rows) byZone.get(row.zoneId)?.[listKey(row.kind)].push(row.zip);
  return byZone;
}

const toZone = (row: ZoneRecord, lists: ZipLists | undefined): Zone => ({
  id: row.id,
  name: row.name,
  color: row.color,
  code: row.code,
  active: row.active,
  primaryZips: lists?.primaryZips ?? [],
  secondaryZips: lists?.secondaryZips ?? [],
  exceptionZips: lists?.exceptionZips ?? [],
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listZones(db: Db, request: ZoneListRequest) {
  const conditions: SQL[] = [isNull(zones.deletedAt)];
  if (request.name) conditions.push(ilike(zones.name, `%${likeEscape(request.name)}%`));
  if (request.code) conditions.push(like(zones.code, `${likeEscape(request.code.toUpperCase())}%`));
  if (request.active != null) conditions.push(eq(zones.active, request.active));
  if (request.zip) {
    // Named tables: drizzle writes the columns of a one-table select unqualified.
    const match = request.zip.length === 5 ? sql`zz.zip = ${request.zip}` : sql`zz.zip like ${`${request.zip}%`}`;
    conditions.push(sql`exists (select 1 from ${zoneZips} zz where zz.zone_id = ${zones}.id and ${match})`);
  }
  const query = db
    .select({ row: zones, total: totalCount })
    .from(zones)
    .where(and(...conditions))
    .orderBy(...orderOf(request.sort, { name: zones.name, code: zones.code, active: zones.active }, [asc(zones.name)], zones.id))
    .$dynamic();
  const { rows, total } = await paged(query, request);
  const lists = await zipsOf(
    db,
    rows.map((r) => r.row.id),
  );
  return { list: rows.map((r) => toZone(r.row, lists.get(r.row.id))), total };
}

export async function zoneDetail(db: Db, id: number): Promise<Zone> {
  const [row] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.id, id), isNull(zones.deletedAt)));
  if (!row) throw notFound(WHAT);
  return toZone(row, (await zipsOf(db, [id])).get(id));
}

/** Active zones for selects and colour legends. */
export async function zoneOptions(db: Db): Promise<ZoneOption[]> {
  return db
    .select({ id: zones.id, name: zones.name, code: zones.code, color: zones.color })
    .from(zones)
    .where(and(isNull(zones.deletedAt), eq(zones.active, true)))
    .orderBy(asc(zones.name), asc(zones.id));
}

/**
 * Every zone write takes this transaction-level advisory lock first (before any row lock), so zone
 * saves run one at a time and two concurrent saves cannot both pass the checks below.
 */
async function lockZones(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ZONE_ZIPS_LOCK})`);
}

/**
 * The checks of a save (the caller holds the zone lock): the code and the name are unique among zones not removed (10009), and while the zone
 * is active none of its primary ZIPs is primary in another active zone (10009 naming that zone).
 */
async function checkZone(
  tx: Db,
  zone: { name: string; code: string; active: boolean; primaryZips: string[] },
  exceptId?: number,
): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(zones.id, exceptId);
  const [sameCode] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(isNull(zones.deletedAt), eq(zones.code, zone.code), others))
    .limit(1);
  if (sameCode) throw conflict('zones.codeTaken', { code: zone.code });
  const [sameName] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(isNull(zones.deletedAt), sql`lower(${zones.name}) = lower(${zone.name})`, others))
    .limit(1);
  if (sameName) throw conflict('zones.nameTaken', { name: zone.name });
  if (!zone.active || zone.primaryZips.length === 0) return;
  const clashes = await tx
    .select({ zip: zoneZips.zip, zoneId: zones.id, name: zones.name, code: zones.code })
    .from(zoneZips)
    .innerJoin(zones, eq(zones.id, zoneZips.zoneId))
    .where(
      and(
        eq(zoneZips.kind, 'primary'),
        inArray(zoneZips.zip, zone.primaryZips),
        eq(zones.active, true),
        isNull(zones.deletedAt),
        others,
      ),
    )
    .orderBy(asc(zones.id), asc(zoneZips.zip));
  const first = clashes[0];
  if (first) {
    const zips = clashes.filter((c) => c.zoneId === first.zoneId).map((c) => c.zip);
    throw conflict('zones.primaryConflict', { zips: zips.join(', '), zone: first.name, code: first.code });
  }
}

async function replaceZips(tx: Db, zoneId: number, lists: ZipLists) {
  await tx.delete(zoneZips).where(eq(zoneZips.zoneId, zoneId));
  const rows = ZIP_KINDS.flatMap((kind) => lists[listKey(kind)].map((zip) => ({ zoneId, zip, kind })));
  if (rows.length) await tx.insert(zoneZips).values(rows);
}

export async function addZone(tx: Db, actorId: number, input: ZoneAddRequest): Promise<Zone> {
  await lockZones(tx);
  await checkZone(tx, input);
  const [row] = await tx
    .insert(zones)
    .values({
      name: input.name,
      color: input.color,
      code: input.code,
      active: input.active,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await replaceZips(tx, row!.id, input);
  return zoneDetail(tx, row!.id);
}

export async function modifyZone(tx: Db, actorId: number, input: ZoneModifyRequest) {
  await lockZones(tx);
  await checkZone(tx, input, input.id);
  const before = await zoneDetail(tx, input.id);
  await updateVersioned(
    tx,
    zones,
    WHAT,
    input,
    { name: input.name, color: input.color, code: input.code, active: input.active },
    actorId,
  );
  await replaceZips(tx, input.id, input);
  return { before, after: await zoneDetail(tx, input.id) };
}

/** Activating re-checks the primary ZIPs against the other active zones. */
export async function setZoneActive(tx: Db, actorId: number, id: number, active: boolean) {
  await lockZones(tx);
  const row = await loadForUpdate(tx, zones, id, WHAT);
  const before = await zoneDetail(tx, id);
  if (row.active === active) return { before, after: before };
  if (active) await checkZone(tx, { ...before, active }, id);
  await updateVersioned(tx, zones, WHAT, { id, version: row.version }, { active }, actorId);
  return { before, after: await zoneDetail(tx, id) };
}

/** Soft delete; the ZIP lists stay with the removed zone (lookups ignore removed zones). */
export async function removeZone(tx: Db, actorId: number, target: { id: number; version: number }) {
  await lockZones(tx);
  const before = await zoneDetail(tx, target.id);
  await softDeleteVersioned(tx, zones, WHAT, target, actorId);
  return before;
}

/**
 * The zone serving a ZIP: an active zone where it is primary, else an active zone where it is
 * secondary (the oldest such zone), never one where it is an exception; null when none.
 */
export async function lookupZip(db: Db, zip: string): Promise<ZoneLookupResult> {
  const [row] = await db
    .select({ id: zones.id, name: zones.name, code: zones.code, color: zones.color, kind: zoneZips.kind })
    .from(zoneZips)
    .innerJoin(zones, eq(zones.id, zoneZips.zoneId))
    .where(
      and(
        eq(zoneZips.zip, zip),
        or(eq(zoneZips.kind, 'primary'), eq(zoneZips.kind, 'secondary')),
        eq(zones.active, true),
        isNull(zones.deletedAt),
      ),
    )
    .orderBy(sql`case ${zoneZips.kind} when 'primary' then 0 else 1 end`, asc(zones.id))
    .limit(1);
  if (!row) return null;
  return {
    zip,
    match: row.kind as 'primary' | 'secondary',
    zone: { id: row.id, name: row.name, code: row.code, color: row.color },
  };
}
