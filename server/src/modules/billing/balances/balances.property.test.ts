import { Code, type JobSaved, type PaymentSummary } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { activeTeam, modifyBody } from '../../service/jobs/jobs.fixtures';
import { checkedBalance } from './balances.test-support';

/**
 * Issue 19's property: for any sequence of job completions, job edits (corrections), payments on
 * account or on a job, refunds and voids (of payments and of invoices), every customer's maintained
 * balance = Σ open invoice amounts − unapplied credit, no invoice is applied beyond its total, no
 * payment beyond its amount, and every live invoice totals its job. Three demo customers (their
 * seeded invoices and payments from the rebuild are checked too); the state carries across runs.
 */
let t: TestApp;
let admin: string;
let today: string;
let teamId: number;
const customers: { id: number; locationId: number }[] = [];
const jobsOf = new Map<number, number[]>();
const paymentsOf = new Map<number, number[]>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionAs('super_admin');
  today = await businessToday(t.db);
  teamId = (await activeTeam(t)).id;
  const rows = await queryRows<{ id: number; location_id: number }>(
    t.db,
    sql`select distinct on (c.id) c.id, l.id as location_id from customers c join customer_locations l on l.customer_id = c.id
         where c.deleted_at is null and l.deleted_at is null and c.status = 'active'
           and exists (select 1 from invoices i where i.customer_id = c.id)
         order by c.id, l.id limit 3`,
  );
  for (const r of rows) customers.push({ id: Number(r.id), locationId: Number(r.location_id) });
  expect(customers).toHaveLength(3);
});
afterAll(() => t.close());

async function call<T>(path: string, body: unknown): Promise<{ code: number; message: string; data: T }> {
  return t.call<T>(path, { token: admin, body });
}
const ok = <T>(r: { code: number; message: string; data: T }) => {
  if (r.code !== Code.OK) throw new Error(`${r.code} ${r.message}`);
  return r.data;
};
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

type Op =
  | { kind: 'complete'; c: number; cents: number }
  | { kind: 'edit'; c: number; n: number; cents: number }
  | { kind: 'payAccount'; c: number; cents: number }
  | { kind: 'payJob'; c: number; n: number; cents: number }
  | { kind: 'refund'; c: number; cents: number }
  | { kind: 'voidPayment'; c: number; n: number }
  | { kind: 'voidInvoice'; c: number; n: number };

const cents = fc.integer({ min: 1, max: 400 }).map((d) => d * 100 + 50);
const c = fc.integer({ min: 0, max: 2 });
const n = fc.nat(50);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('complete' as const), c, cents }),
  fc.record({ kind: fc.constant('edit' as const), c, n, cents }),
  fc.record({ kind: fc.constant('payAccount' as const), c, cents }),
  fc.record({ kind: fc.constant('payJob' as const), c, n, cents }),
  fc.record({ kind: fc.constant('refund' as const), c, cents }),
  fc.record({ kind: fc.constant('voidPayment' as const), c, n }),
  fc.record({ kind: fc.constant('voidInvoice' as const), c, n }),
);

async function run(o: Op): Promise<void> {
  const customer = customers[o.c]!;
  const jobs = jobsOf.get(customer.id) ?? [];
  const payments = paymentsOf.get(customer.id) ?? [];
  const payment = { customerId: customer.id, paidOn: today, method: 'cash' };
  switch (o.kind) {
    case 'complete': {
      const job = ok(
        await call<JobSaved>('/job/add', {
          locationId: customer.locationId,
          teamId,
          serviceDate: today,
          startTime: '09:00',
          flatRateCents: o.cents,
        }),
      );
      ok(await call('/job/updateState', { id: job.id, version: job.version, status: 'completed', actualMinutes: 120 }));
      jobsOf.set(customer.id, [...jobs, job.id]);
      return;
    }
    case 'edit': {
      const jobId = pick(jobs, o.n);
      if (jobId !== undefined) ok(await call('/job/modify', await modifyBody(t, jobId, { flatRateCents: o.cents })));
      return;
    }
    case 'payAccount':
    case 'payJob': {
      const jobId = o.kind === 'payJob' ? pick(jobs, o.n) : undefined;
      const saved = ok(
        jobId === undefined
          ? await call<{ id: number }>('/customerPayment/add', { ...payment, amountCents: o.cents })
          : await call<{ id: number }>('/job/addPayment', { ...payment, jobId, amountCents: o.cents }),
      );
      paymentsOf.set(customer.id, [...payments, saved.id]);
      return;
    }
    case 'refund': {
      const list = ok(await call<{ summary: PaymentSummary }>('/customerRefund/queryList', { customerId: customer.id }));
      const amount = Math.min(o.cents, list.summary.refundableCents);
      if (amount <= 0) return;
      ok(
        await call('/customerRefund/add', {
          customerId: customer.id,
          amountCents: amount,
          reason: 'damage',
          status: 'refunded',
          refundedOn: today,
        }),
      );
      return;
    }
    case 'voidPayment': {
      const id = pick(payments, o.n);
      if (id === undefined) return;
      const detail = ok(await call<{ version: number; reversedById: number | null }>('/customerPayment/detail', { id }));
      if (detail.reversedById !== null) return;
      const result = await call('/customerPayment/void', { id, version: detail.version, reason: 'Property test' });
      // Refused when it would leave less received than already refunded: then nothing changed.
      if (result.code !== Code.REFUSED) ok(result);
      return;
    }
    case 'voidInvoice': {
      const jobId = pick(jobs, o.n);
      if (jobId === undefined) return;
      const [live] = await queryRows<{ id: number; version: number }>(
        t.db,
        sql`select id, version from invoices where job_id = ${jobId} and status <> 'void'`,
      );
      if (live) ok(await call('/invoice/void', { id: Number(live.id), version: Number(live.version), reason: 'Property test' }));
      return;
    }
  }
}

async function checkInvariants(): Promise<void> {
  for (const customer of customers) await checkedBalance(t, customer.id);
  const ids = sql.join(
    customers.map((x) => sql`${x.id}`),
    sql`, `,
  );
  const [bad] = await queryRows<{ over_paid: number; wrong_total: number }>(
    t.db,
    sql`select
      (select count(*)::int from customer_payments p
        where p.customer_id in (${ids}) and p.kind = 'payment'
          and (select coalesce(sum(a.amount_cents), 0) from payment_applications a where a.payment_id = p.id)
              > case when p.reversed_by_id is null then p.amount_cents else 0 end) as over_paid,
      (select count(*)::int from invoices i join jobs j on j.id = i.job_id
        where i.customer_id in (${ids}) and i.status <> 'void' and i.total_cents <> j.invoice_total_cents) as wrong_total`,
  );
  expect(bad).toEqual({ over_paid: 0, wrong_total: 0 });
  // The aging totals' open amounts per due date (kept by triggers) = the open invoices summed directly.
  const [dates] = await queryRows<{ kept: unknown; direct: unknown }>(
    t.db,
    sql`select (select json_agg(json_build_array(due_on, open_cents) order by due_on)::text from open_by_due_date where open_cents <> 0) as kept,
               (select json_agg(json_build_array(due_on, cents) order by due_on)::text from (
                  select due_on, sum(total_cents - applied_cents) as cents from invoices
                   where status in ('open', 'partly_paid') group by due_on having sum(total_cents - applied_cents) <> 0) d) as direct`,
  );
  expect(dates!.kept).toBe(dates!.direct);
  expect(dates!.kept).not.toBeNull();
  // The aging report's totals per oldest due date (kept by triggers) = its customers summed directly.
  const [aging] = await queryRows<{ kept: unknown; direct: unknown }>(
    t.db,
    sql`select (select json_agg(json_build_array(oldest_due_on, customers, open_cents, credit_cents) order by oldest_due_on)::text
                  from aging_by_oldest_due where customers <> 0 or open_cents <> 0 or credit_cents <> 0) as kept,
               (select json_agg(json_build_array(due, n, open, credit) order by due)::text from (
                  select coalesce(oldest_due_on, 'infinity'::date) as due, count(*) as n, sum(open_cents) as open,
                         sum(credit_cents) as credit
                    from customer_balances where open_cents <> 0 or credit_cents <> 0 group by 1) d) as direct`,
  );
  expect(aging!.kept).toBe(aging!.direct);
  expect(aging!.kept).not.toBeNull();
}

describe('balances under any sequence of billing events', () => {
  it('keep balance = open − credit, applications within invoices and payments, invoices = jobs', async () => {
    await checkInvariants(); // the seeded state, as rebuilt
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) await run(o);
        await checkInvariants();
      }),
      { numRuns: 25, endOnFailure: true },
    );
    // The runs did real work: jobs completed (invoiced) and payments recorded.
    expect([...jobsOf.values()].flat().length).toBeGreaterThan(0);
    expect([...paymentsOf.values()].flat().length).toBeGreaterThan(0);
  }, 600_000);
});
