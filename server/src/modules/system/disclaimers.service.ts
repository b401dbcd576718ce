import type {
  Disclaimer,
  DisclaimerAddRequest,
  DisclaimerListRequest,
  DisclaimerModifyRequest,
  DisclaimerPurpose,
} from '@tidyhouse/contract';
import { and, asc, eq, ilike, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { conflict, notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { softDeleteVersioned, updateVersioned } from '../../platform/versioned';
import { disclaimers } from './settings.tables';

const WHAT = 'params.disclaimer';
export const DISCLAIMER_FIELDS = ['purpose', 'name', 'textEn', 'textZh', 'active'] as const;

type DisclaimerRecord = typeof disclaimers.$inferSelect;
const toDisclaimer = (row: DisclaimerRecord): Disclaimer => ({
  id: row.id,
  purpose: row.purpose,
  name: row.name,
  textEn: row.textEn,
  textZh: row.textZh,
  active: row.active,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const purposeOrder = sql`case ${disclaimers.purpose} when 'quote' then 0 when 'invoice' then 1 else 2 end`;

export async function listDisclaimers(db: Db, request: DisclaimerListRequest) {
  const conditions: SQL[] = [isNull(disclaimers.deletedAt)];
  if (request.purpose) conditions.push(eq(disclaimers.purpose, request.purpose));
  if (request.name) conditions.push(ilike(disclaimers.name, `%${likeEscape(request.name)}%`));
  if (request.active != null) conditions.push(eq(disclaimers.active, request.active));
  const query = db
    .select({ row: disclaimers, total: totalCount })
    .from(disclaimers)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { name: disclaimers.name, purpose: purposeOrder, updatedAt: disclaimers.updatedAt },
        [purposeOrder, asc(disclaimers.name)],
        disclaimers.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return { list: rows.map((r) => toDisclaimer(r.row)), total };
}

/** The active disclaimers of one purpose, for quotes, invoices and gift certificates. */
export async function disclaimerOptions(db: Db, purpose: DisclaimerPurpose): Promise<Disclaimer[]> {
  const rows = await db
    .select()
    .from(disclaimers)
    .where(and(eq(disclaimers.purpose, purpose), eq(disclaimers.active, true), isNull(disclaimers.deletedAt)))
    .orderBy(asc(disclaimers.name), asc(disclaimers.id));
  return rows.map(toDisclaimer);
}

/** Names are unique within a purpose (ignoring case) among disclaimers not removed. */
async function assertNameFree(tx: Db, input: { purpose: DisclaimerPurpose; name: string }, exceptId?: number) {
  const [taken] = await tx
    .select({ id: disclaimers.id })
    .from(disclaimers)
    .where(
      and(
        isNull(disclaimers.deletedAt),
        eq(disclaimers.purpose, input.purpose),
        sql`lower(${disclaimers.name}) = lower(${input.name})`,
        exceptId === undefined ? undefined : ne(disclaimers.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw conflict('params.disclaimerNameTaken', { name: input.name });
}

export async function addDisclaimer(tx: Db, actorId: number, input: DisclaimerAddRequest): Promise<Disclaimer> {
  await assertNameFree(tx, input);
  const [row] = await tx
    .insert(disclaimers)
    .values({ ...input, createdBy: actorId, updatedBy: actorId })
    .returning();
  return toDisclaimer(row!);
}

export async function modifyDisclaimer(tx: Db, actorId: number, input: DisclaimerModifyRequest) {
  await assertNameFree(tx, input, input.id);
  const { before, after } = await updateVersioned(
    tx,
    disclaimers,
    WHAT,
    input,
    { purpose: input.purpose, name: input.name, textEn: input.textEn, textZh: input.textZh, active: input.active },
    actorId,
  );
  return { before: toDisclaimer(before), after: toDisclaimer(after) };
}

export async function removeDisclaimer(tx: Db, actorId: number, target: { id: number; version: number }) {
  return toDisclaimer(await softDeleteVersioned(tx, disclaimers, WHAT, target, actorId));
}

export async function disclaimerDetail(db: Db, id: number): Promise<Disclaimer> {
  const [row] = await db
    .select()
    .from(disclaimers)
    .where(and(eq(disclaimers.id, id), isNull(disclaimers.deletedAt)));
  if (!row) throw notFound(WHAT);
  return toDisclaimer(row);
}
