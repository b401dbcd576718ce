import { sql } from 'drizzle-orm';
import { jobs } from './jobs.tables';

/**
 * The SQL form of the contract's `jobRevenueCents` (docs/business-rules.md "Revenue"): a cancelled
 * job (a skipped plan visit too) earns its cancel fee alone, every other job its subtotal. Every
 * reader of job revenue in SQL uses it (job list totals, piece-rate wages); the dashboard's trigger
 * (migration 0028) holds the same text, and revenue.test.ts checks that it does.
 */
export const JOB_REVENUE_EXPRESSION = "case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end";

export const jobRevenueSql = () =>
  sql<number>`case when ${jobs.status} = 'cancelled' then ${jobs.cancelFeeCents} else ${jobs.subtotalCents} end`.mapWith(Number);
