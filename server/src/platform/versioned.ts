import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { conflict, notFound } from './errors';

type VersionedTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

const liveCondition = (table: VersionedTable, id: number): SQL => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return columns.deletedAt ? and(eq(table.id, id), isNull(columns.deletedAt))! : eq(table.id, id);
};

/** Reads a live (not soft-deleted) row for update, or 10004 naming `what` (a message key). */
export async function loadForUpdate<T extends VersionedTable>(
  tx: Db,
  table: T,
  id: number,
  what: string,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(liveCondition(table, id))
    .for('update');
  if (!row) throw notFound(what);
  return row as T['$inferSelect'];
}

/**
 * Optimistic concurrency (design.md §3): applies `values` only when the row still has the version
 * the caller read; a stale version is 10009 and changes nothing. Returns the row before and after.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Db,
  table: T,
  what: string,
  target: { id: number; version: number },
  values: Partial<T['$inferInsert']>,
  actorId: number,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const before = (await loadForUpdate(tx, table, target.id, what)) as T['$inferSelect'] & { version: number };
  if (before.version !== target.version) throw conflict();
  const [after] = await tx
    .update(table as PgTable)
    .set({ ...values, version: target.version + 1, updatedAt: new Date(), updatedBy: actorId } as never)
    .where(eq(table.id, target.id))
    .returning();
  return { before, after: after as T['$inferSelect'] };
}

/** Soft delete with the same version check. */
export async function softDeleteVersioned<T extends VersionedTable & { deletedAt: PgColumn }>(
  tx: Db,
  table: T,
  what: string,
  target: { id: number; version: number },
  actorId: number,
): Promise<T['$inferSelect']> {
  const { before } = await updateVersioned(
    tx,
    table,
    what,
    target,
    { deletedAt: new Date() } as Partial<T['$inferInsert']>,
    actorId,
  );
  return before;
}
