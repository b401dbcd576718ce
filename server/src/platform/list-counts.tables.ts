import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The exact number of live rows of a large list, kept by statement triggers on its table in the
 * same transaction as every insert, soft delete, restore, delete and truncate (migration
 * 0005_list_counts; docs/api-conventions.md "Totals of large lists"), so an unfiltered page never
 * counts the table. One row per list; `list` is the name the list reads it by.
 */
export const listCounts = pgTable('list_counts', {
  list: varchar('list', { length: 32 }).primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
