import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries (design.md §2). */
export const baseColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  version: integer('version').notNull().default(1),
});

/** For records that are removed: soft delete keeps history and references intact. */
export const softDelete = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});

export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
