import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Stamps {
  serial: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  processing_started_at: Date | null;
  processed_at: Date | null;
  resolved_at: Date | null;
  payment_created_at: Date | null;
  checked_at: Date;
}

describe('demo card queue', () => {
  it('stamps every seeded entry in the order things happen: queued, processed, its payment, resolved, none in the future', async () => {
    const result = (await t.db.execute(sql`
      select e.serial, e.status, e.created_at, e.updated_at, e.processing_started_at, e.processed_at, e.resolved_at,
             p.created_at as payment_created_at, now() as checked_at
      from card_queue_entries e left join customer_payments p on p.id = e.payment_id
      order by e.id`)) as unknown as { rows: Stamps[] };
    const rows = result.rows;
    // The demo has processed entries (approved and failed) and pending ones.
    expect(rows.some((r) => r.processed_at !== null)).toBe(true);
    expect(rows.some((r) => r.status === 'pending')).toBe(true);
    const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    for (const row of rows) {
      const chain = [row.created_at, row.processing_started_at, row.processed_at, row.resolved_at]
        .map(ms)
        .filter((v): v is number => v !== null);
      const sorted = [...chain].sort((a, b) => a - b);
      expect(chain, `${row.serial}: queued ≤ processing ≤ processed ≤ resolved`).toEqual(sorted);
      const latest = sorted[sorted.length - 1]!;
      expect(ms(row.updated_at)!, `${row.serial}: updated after its last event`).toBeGreaterThanOrEqual(latest);
      expect(ms(row.updated_at)!, `${row.serial}: nothing in the future`).toBeLessThanOrEqual(ms(row.checked_at)!);
      if (row.payment_created_at !== null) {
        expect(ms(row.payment_created_at)!, `${row.serial}: payment made once processed`).toBeGreaterThanOrEqual(
          ms(row.processed_at)!,
        );
      }
      if (row.status !== 'pending') expect(row.processed_at, `${row.serial}: processed`).not.toBeNull();
    }
  });
});
