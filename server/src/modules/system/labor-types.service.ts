import type {
  LaborType,
  LaborTypeAddRequest,
  LaborTypeListRequest,
  LaborTypeModifyRequest,
  LaborTypeOption,
} from '@tidyhouse/contract';
import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { conflict, notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { loadForUpdate, softDeleteVersioned, updateVersioned } from '../../platform/versioned';
import { laborTypes } from './settings.tables';

const WHAT = 'laborTypes.laborType';
export const LABOR_TYPE_FIELDS = [
  'nameEn',
  'nameZh',
  'defaultHourlyRateCents',
  'isPaid',
  'countsAsInHome',
  'active',
  'sortOrder',
] as const;

type LaborRecord = typeof laborTypes.$inferSelect;
const toLaborType = (row: LaborRecord): LaborType => ({
  id: row.id,
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  defaultHourlyRateCents: row.defaultHourlyRateCents,
  isPaid: row.isPaid,
  countsAsInHome: row.countsAsInHome,
  active: row.active,
  sortOrder: row.sortOrder,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listLaborTypes(db: Db, request: LaborTypeListRequest) {
  const conditions: SQL[] = [isNull(laborTypes.deletedAt)];
  if (request.name) {
    const pattern = `%${likeEscape(request.name)}%`;
    conditions.push(or(ilike(laborTypes.nameEn, pattern), ilike(laborTypes.nameZh, pattern))!);
  }
  if (request.active != null) conditions.push(eq(laborTypes.active, request.active));
  if (request.isPaid != null) conditions.push(eq(laborTypes.isPaid, request.isPaid));
  const query = db
    .select({ row: laborTypes, total: totalCount })
    .from(laborTypes)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        {
          nameEn: laborTypes.nameEn,
          nameZh: laborTypes.nameZh,
          defaultHourlyRateCents: laborTypes.defaultHourlyRateCents,
          sortOrder: laborTypes.sortOrder,
        },
        [asc(laborTypes.sortOrder)],
        laborTypes.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return { list: rows.map((r) => toLaborType(r.row)), total };
}

export async function laborTypeDetail(db: Db, id: number): Promise<LaborType> {
  const [row] = await db
    .select()
    .from(laborTypes)
    .where(and(eq(laborTypes.id, id), isNull(laborTypes.deletedAt)));
  if (!row) throw notFound(WHAT);
  return toLaborType(row);
}

/** Active labor types for other screens' selects. */
export async function laborTypeOptions(db: Db, showPay: boolean): Promise<LaborTypeOption[]> {
  const rows = await db
    .select()
    .from(laborTypes)
    .where(and(isNull(laborTypes.deletedAt), eq(laborTypes.active, true)))
    .orderBy(asc(laborTypes.sortOrder), asc(laborTypes.id));
  return rows.map((r) => ({
    id: r.id,
    nameEn: r.nameEn,
    nameZh: r.nameZh,
    defaultHourlyRateCents: showPay ? r.defaultHourlyRateCents : null,
    isPaid: r.isPaid,
    countsAsInHome: r.countsAsInHome,
  }));
}

/** Names are unique (ignoring case) in each language among labor types not removed. */
async function assertNamesFree(tx: Db, input: { nameEn: string; nameZh: string }, exceptId?: number) {
  const [taken] = await tx
    .select({ nameEn: laborTypes.nameEn })
    .from(laborTypes)
    .where(
      and(
        isNull(laborTypes.deletedAt),
        or(sql`lower(${laborTypes.nameEn}) = lower(${input.nameEn})`, sql`lower(${laborTypes.nameZh}) = lower(${input.nameZh})`),
        exceptId === undefined ? undefined : ne(laborTypes.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) {
    const name = taken.nameEn.toLowerCase() === input.nameEn.toLowerCase() ? input.nameEn : input.nameZh;
    throw conflict('laborTypes.nameTaken', { name });
  }
}

export async function addLaborType(tx: Db, actorId: number, input: LaborTypeAddRequest): Promise<LaborType> {
  await assertNamesFree(tx, input);
  const [row] = await tx
    .insert(laborTypes)
    .values({ ...input, createdBy: actorId, updatedBy: actorId })
    .returning();
  return toLaborType(row!);
}

export async function modifyLaborType(tx: Db, actorId: number, input: LaborTypeModifyRequest) {
  await assertNamesFree(tx, input, input.id);
  const { id: _id, version: _version, ...values } = input;
  const { before, after } = await updateVersioned(tx, laborTypes, WHAT, input, values, actorId);
  return { before: toLaborType(before), after: toLaborType(after) };
}

export async function setLaborTypeActive(tx: Db, actorId: number, id: number, active: boolean) {
  const row = await loadForUpdate(tx, laborTypes, id, WHAT);
  if (row.active === active) return { before: toLaborType(row), after: toLaborType(row) };
  const { before, after } = await updateVersioned(tx, laborTypes, WHAT, { id, version: row.version }, { active }, actorId);
  return { before: toLaborType(before), after: toLaborType(after) };
}

export async function removeLaborType(tx: Db, actorId: number, target: { id: number; version: number }) {
  return toLaborType(await softDeleteVersioned(tx, laborTypes, WHAT, target, actorId));
}
