import { addDays } from '@tidyhouse/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { customers } from '../../customers/customers.tables';
import { jobLines, jobs } from '../../service/jobs/jobs.tables';
import { quoteParameters } from '../../system/settings.tables';
import { type InvoiceDraft, invoiceDraftOf } from './invoice-draft';

/**
 * Demo invoices: one for every completed (or closed) demo job that the rules invoice, issued on its
 * service date and numbered by that month, the way issuing would have done it day by day. Set-based
 * (the demo has thousands of jobs and the seed runs in many test files): one read of the jobs and
 * their lines, the drafts from the same function as live issuing, two inserts, one counter upsert.
 * Balances are rebuilt by billing/balances afterwards (the payments applied to these).
 */
export async function seedDemoInvoices(db: Db): Promise<number> {
  const billable = or(
    inArray(jobs.status, ['completed', 'closed']),
    and(eq(jobs.status, 'cancelled'), sql`${jobs.cancelFeeCents} > 0`),
  );
  const rows = await db
    .select({ job: jobs, language: customers.language })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(and(billable, isNull(jobs.recleanOfJobId), sql`${jobs.invoiceTotalCents} > 0`))
    .orderBy(jobs.serviceDate, jobs.id);
  if (rows.length === 0) return 0;
  const linesOf = new Map<number, (typeof jobLines.$inferSelect)[]>();
  const lines = await db
    .select()
    .from(jobLines)
    .where(sql`${jobLines.jobId} in (select id from jobs where ${billable} and ${jobs.recleanOfJobId} is null)`);
  for (const line of lines) linesOf.set(line.jobId, [...(linesOf.get(line.jobId) ?? []), line]);
  const [params] = await db.select({ days: quoteParameters.paymentTermsDays }).from(quoteParameters).limit(1);
  const terms = params?.days ?? 0;

  const counters = new Map<string, number>();
  const drafted: { jobId: number; issuedOn: string; number: string; language: string; draft: InvoiceDraft }[] = [];
  for (const { job, language } of rows) {
    const draft = invoiceDraftOf(job, linesOf.get(job.id) ?? []);
    if (!draft) continue;
    const issuedOn = job.serviceDate ?? job.completedAt?.toISOString().slice(0, 10) ?? job.createdAt.toISOString().slice(0, 10);
    const yymm = `${issuedOn.slice(2, 4)}${issuedOn.slice(5, 7)}`;
    const n = (counters.get(yymm) ?? 0) + 1;
    counters.set(yymm, n);
    drafted.push({ jobId: job.id, issuedOn, number: `INV-${yymm}-${String(n).padStart(4, '0')}`, language, draft });
  }
  const invoiceRows = drafted.map((d) => ({
    number: d.number,
    customer_id: d.draft.customerId,
    job_id: d.jobId,
    issued_on: d.issuedOn,
    due_on: addDays(d.issuedOn, terms),
    status: 'open',
    language: d.language === 'zh' ? 'zh' : 'en',
    subtotal_cents: d.draft.subtotalCents,
    discount_cents: d.draft.discountCents,
    tax_cents: d.draft.taxCents,
    total_cents: d.draft.totalCents,
    applied_cents: 0,
    void_reason: '',
    created_at: `${d.issuedOn}T23:00:00Z`,
    updated_at: `${d.issuedOn}T23:00:00Z`,
  }));
  const columns = Object.keys(invoiceRows[0]!).join(', ');
  const ids = await queryRows<{ id: number; job_id: number }>(
    db,
    sql`insert into invoices (${sql.raw(columns)})
        select ${sql.raw(columns)} from json_populate_recordset(null::invoices, ${JSON.stringify(invoiceRows)}::json)
        returning id, job_id`,
  );
  const idOfJob = new Map(ids.map((r) => [Number(r.job_id), Number(r.id)]));
  const lineRows = drafted.flatMap((d) =>
    d.draft.lines.map((l) => ({
      invoice_id: idOfJob.get(d.jobId),
      position: l.position,
      kind: l.kind,
      description_en: l.descriptionEn,
      description_zh: l.descriptionZh,
      quantity: l.quantity,
      unit_cents: l.unitCents,
      amount_cents: l.amountCents,
    })),
  );
  await db.execute(sql`
    insert into invoice_lines (invoice_id, position, kind, description_en, description_zh, quantity, unit_cents, amount_cents)
    select invoice_id, position, kind, description_en, description_zh, quantity, unit_cents, amount_cents
      from json_populate_recordset(null::invoice_lines, ${JSON.stringify(lineRows)}::json)`);
  // Live issuing goes on after the demo's numbers.
  const scopes = [...counters].map(([yymm, n]) => ({ scope: `INV-${yymm}`, last_value: n }));
  await db.execute(sql`
    insert into reference_counters (scope, last_value)
    select scope, last_value from json_populate_recordset(null::reference_counters, ${JSON.stringify(scopes)}::json)
    on conflict (scope) do update set last_value = greatest(reference_counters.last_value, excluded.last_value)`);
  return drafted.length;
}
