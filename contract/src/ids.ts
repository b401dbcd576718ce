import { z } from 'zod';

/**
 * Numbers stored in PostgreSQL `integer` (int4) columns: serial ids, versions and most counts.
 * A value outside the column's range must be refused as input (10001 naming the field), never
 * reach a query (where it fails as a server error). Every input id, version and integer field
 * of the contract is built from these.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** A whole number that fits an integer column, within [min, max] (clamped to the column's range). */
export const int4 = (min: number = INT4_MIN, max: number = INT4_MAX) =>
  z.number().int().min(Math.max(min, INT4_MIN)).max(Math.min(max, INT4_MAX));

/** A record id (identity column): 1 … 2,147,483,647. */
export const ZRecordId = int4(1);
/** A record's version (optimistic locking), 1 … 2,147,483,647. */
export const ZVersion = int4(1);
/** A record id read from a query string (GET downloads and images). */
export const ZRecordIdQuery = z.coerce.number().int().min(1).max(INT4_MAX);
