import { sql } from 'drizzle-orm';
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
// Only a type import: the schema imports this file, and the database module imports the schema.
import type { Db } from './database';

/**
 * Readable record references (Q-2611-0042): a counter per scope (prefix and month), taken with one
 * atomic upsert, so concurrent adds on any number of processes never get the same number; the
 * referencing table's unique index is the second guard.
 */
export const referenceCounters = pgTable('reference_counters', {
  scope: varchar('scope', { length: 32 }).primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/** The next number of a scope, starting at 1. Call it inside the transaction that uses it. */
export async function nextCounter(tx: Db, scope: string): Promise<number> {
  const result = (await tx.execute(
    sql`insert into reference_counters (scope, last_value) values (${scope}, 1)
        on conflict (scope) do update set last_value = reference_counters.last_value + 1
        returning last_value as value`,
  )) as unknown as { rows: { value: number | string }[] };
  return Number(result.rows[0]!.value);
}

/** `<prefix>-<YYMM>-<NNNN>` for a business date `YYYY-MM-DD` (the number grows past 4 digits if needed). */
export async function nextReference(tx: Db, prefix: string, businessDate: string): Promise<string> {
  const yymm = `${businessDate.slice(2, 4)}${businessDate.slice(5, 7)}`;
  const value = await nextCounter(tx, `${prefix}-${yymm}`);
  return `${prefix}-${yymm}-${String(value).padStart(4, '0')}`;
}
