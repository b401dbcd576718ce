import type { JobStatus } from './jobs';

/**
 * Revenue of a job (docs/business-rules.md "Revenue"): ONE definition for the job list's total, the
 * export, the dashboard and piece-rate wages. A cancelled job (a skipped plan visit is one, without a
 * fee) earns its cancel fee alone, whatever its lines were worth; every other job earns its subtotal
 * (after coupon and discount, before tax). The server's SQL form is `jobRevenueSql` (jobs/job-revenue.ts).
 */
export interface JobRevenueFacts {
  status: JobStatus;
  subtotalCents: number;
  cancelFeeCents: number;
}

export function jobRevenueCents(job: JobRevenueFacts): number {
  return job.status === 'cancelled' ? job.cancelFeeCents : job.subtotalCents;
}
