import {
  type CompletionBulkResult,
  type CompletionConfirmRequest,
  type CompletionList,
  type Locale,
  minutesToTime,
} from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { enqueueCardCharge } from '../../billing/card-queue/enqueue';
import { fieldViewOfDay, NO_FIELD_VIEW } from '../../field/live';
import { addJobPayment } from '../../service/jobs/job-media.service';
import { type JobRow, recleanJob, updateJobState } from '../../service/jobs/jobs.service';
import { jobs } from '../../service/jobs/jobs.tables';
import { isDayClosed } from '../day-lock';

/**
 * Job completion (issue 12): the office confirms each job of a day as the teams report it. It
 * reuses the jobs service for the status change, the payment and the re-clean, so their rules
 * (transitions, the closed-day lock, the customer's ledger) hold here too.
 */

interface CompletionRow {
  id: number;
  version: number;
  reference: string;
  status: CompletionList['list'][number]['status'];
  service_date: string | null;
  team_id: number | null;
  team_name: string | null;
  customer_id: number;
  customer_name: string;
  address: string;
  start_minutes: number | null;
  duration_minutes: number;
  planned_minutes: number;
  actual_minutes: number | null;
  punched_minutes: number | null;
  tip_cents: number;
  invoice_total_cents: number;
  paid_cents: number;
  has_saved_card: boolean;
  card_queued: boolean;
  uncompleted_reason: string;
}

/** The day's jobs with their punches, payments and queued charges summed per job: one query. */
function completionRows(db: Db, where: ReturnType<typeof sql>) {
  return queryRows<CompletionRow>(
    db,
    sql`select j.id, j.version, j.reference, j.status, j.service_date::text as service_date, j.team_id, t.name as team_name, j.customer_id,
               c.name as customer_name, concat_ws(', ', l.address1, l.city) as address, j.start_minutes,
               j.duration_minutes, coalesce(j.planned_minutes, j.quoted_minutes, j.duration_minutes)::int as planned_minutes,
               j.actual_minutes, p.minutes as punched_minutes, j.tip_cents, j.invoice_total_cents,
               coalesce(pay.cents, 0)::int as paid_cents, c.card_vendor_token <> '' as has_saved_card,
               exists (select 1 from card_queue_entries q where q.job_id = j.id and q.status <> 'failed') as card_queued,
               j.uncompleted_reason
          from jobs j
          join customers c on c.id = j.customer_id
          join customer_locations l on l.id = j.location_id
          left join teams t on t.id = j.team_id
          left join lateral (
            select round(sum(extract(epoch from (tp.ends_at - tp.starts_at)) / 60))::int as minutes
              from time_punches tp
             where tp.job_id = j.id and tp.kind = 'job' and tp.deleted_at is null and tp.ends_at is not null
          ) p on true
          left join lateral (select sum(cp.amount_cents) as cents from customer_payments cp where cp.job_id = j.id) pay on true
         where ${where}
         order by t.name nulls last, j.start_minutes nulls last, j.id`,
  );
}

export async function completionList(db: Db, date: string): Promise<CompletionList> {
  const rows = await completionRows(db, sql`j.service_date = ${date}`);
  // What the crews reported from the field app (issue 21): the office still confirms.
  const { views } = await fieldViewOfDay(
    db,
    date,
    rows.map((r) => ({ id: r.id, teamId: r.team_id, status: r.status, startMinutes: r.start_minutes, windowStartMinutes: null })),
    new Map(),
  );
  const fieldOf = (id: number) => views.get(id) ?? NO_FIELD_VIEW;
  return {
    date,
    dayStatus: (await isDayClosed(db, date)) ? 'closed' : 'open',
    list: rows.map((r) => ({
      id: r.id,
      version: r.version,
      reference: r.reference,
      status: r.status,
      team: r.team_id === null ? null : { id: r.team_id, name: r.team_name ?? '' },
      customer: { id: r.customer_id, name: r.customer_name },
      address: r.address,
      startTime: r.start_minutes === null ? null : minutesToTime(r.start_minutes),
      durationMinutes: r.duration_minutes,
      plannedMinutes: r.planned_minutes,
      actualMinutes: r.actual_minutes,
      punchedMinutes: r.punched_minutes,
      tipCents: r.tip_cents,
      invoiceTotalCents: r.invoice_total_cents,
      paidCents: r.paid_cents,
      hasSavedCard: r.has_saved_card,
      cardQueued: r.card_queued,
      uncompletedReason: r.uncompleted_reason,
      fieldState: fieldOf(r.id).fieldState,
      reportedDoneAt: fieldOf(r.id).reportedDoneAt?.toISOString() ?? null,
      fieldNote: fieldOf(r.id).note,
      fieldConflict: fieldOf(r.id).fieldConflict,
    })),
  };
}

export interface Confirmed {
  before: JobRow;
  after: JobRow;
  payment: { id: number; method: string; amountCents: number } | null;
  card: { serial: string; amountCents: number } | null;
  reclean: JobRow | null;
}

/** Confirms one job inside the caller's transaction (one transaction per job). */
export async function confirmJob(
  tx: Db,
  actorId: number,
  req: CompletionConfirmRequest,
  locale: Locale = 'en',
): Promise<Confirmed> {
  if (req.outcome === 'uncompleted') {
    const { before, after } = await updateJobState(tx, actorId, {
      id: req.id,
      version: req.version,
      status: 'uncompleted',
      reason: req.reason,
    });
    return { before, after, payment: null, card: null, reclean: null };
  }
  const { before } = await updateJobState(tx, actorId, {
    id: req.id,
    version: req.version,
    status: 'completed',
    actualMinutes: req.actualMinutes,
  });
  if (req.tipCents > 0) await tx.update(jobs).set({ tipCents: req.tipCents }).where(eq(jobs.id, req.id));
  let payment: Confirmed['payment'] = null;
  let card: Confirmed['card'] = null;
  const p = req.payment;
  if (p.method === 'cash' || p.method === 'check' || p.method === 'gift_certificate') {
    const { row } = await addJobPayment(
      tx,
      actorId,
      {
        jobId: req.id,
        customerId: before.customerId,
        paidOn: before.serviceDate!,
        amountCents: p.amountCents,
        gratuityCents: 0,
        method: p.method,
        checkNumber: p.method === 'check' ? p.checkNumber : '',
        giftCertificateNumber: p.method === 'gift_certificate' ? p.giftCertificateNumber : '',
        cardLast4: '',
        note: '',
      },
      locale,
    );
    payment = { id: row.id, method: row.method, amountCents: row.amountCents };
  } else if (p.method === 'card_queue') {
    const [job] = await tx.select({ total: jobs.invoiceTotalCents }).from(jobs).where(eq(jobs.id, req.id));
    if (!job || job.total <= 0) throw refused('office.nothingToCharge');
    const entry = await enqueueCardCharge(
      tx,
      { customerId: before.customerId, jobId: req.id, serviceDate: before.serviceDate!, amountCents: job.total },
      actorId,
    );
    card = { serial: entry.serial, amountCents: entry.amountCents };
  }
  const reclean = req.recleanReason
    ? (await recleanJob(tx, actorId, { id: req.id, reason: req.recleanReason, serviceDate: null })).job
    : null;
  const [after] = await tx.select().from(jobs).where(eq(jobs.id, req.id));
  return { before, after: after!, payment, card, reclean };
}

/** Minutes a job "went as planned" takes: what the team punched on it, else the planned minutes. */
const asPlanned = (r: CompletionRow) => r.punched_minutes ?? r.planned_minutes;

/**
 * The summary of a bulk confirm: which of the chosen jobs are scheduled on the date (and will be
 * completed with their punched or planned minutes) and which are skipped.
 */
export async function bulkPlan(db: Db, date: string, ids: readonly number[]): Promise<CompletionBulkResult> {
  const rows = await completionRows(
    db,
    sql`j.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const jobsToDo: CompletionBulkResult['jobs'] = [];
  const skipped: CompletionBulkResult['skipped'] = [];
  for (const id of ids) {
    const r = found.get(id);
    if (!r) continue;
    if (r.status === 'scheduled' && r.service_date === date)
      jobsToDo.push({ id, reference: r.reference, actualMinutes: Math.min(1440, asPlanned(r)) });
    else skipped.push({ id, reference: r.reference, status: r.status });
  }
  return { applied: false, jobs: jobsToDo, skipped, totalMinutes: jobsToDo.reduce((s, j) => s + j.actualMinutes, 0) };
}
