import {
  canTransition,
  JOB_EDITABLE_STATUSES,
  JOB_RECLEAN_FROM,
  type JobModifyRequest,
  type JobSaveLinesRequest,
  type JobStatus,
  type JobUpdateStateRequest,
  type Locale,
  type ServiceFrequency,
  timeToMinutes,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { conflict, refused } from '../../../platform/errors';
import { nextReference } from '../../../platform/references';
import { loadForUpdate } from '../../../platform/versioned';
import { syncJobInvoice } from '../../billing/invoices/invoices.service';
import { customerLocations, customers } from '../../customers/customers.tables';
import { sysUsers, teams } from '../../employees/employees.tables';
import { queueJobConfirmation, queueJobDone } from '../../messaging/events';
import { assertDaysOpen } from '../../office/day-lock';
import { quoteParameters } from '../../system/settings.tables';
import { businessProfile } from '../../system/system.tables';
import { crewSize, freeLinesOfCancelled, recomputeCosting } from './job-costing';
import { basePriceOf, revalueJobCoupon, settleJobDiscounts } from './job-discounts';
import { invalid, type JobLineDraft, type PricedLine, priceOfRow, replaceLines, resolveLines } from './job-lines';
import { jobLines, jobs } from './jobs.tables';

export type JobRow = typeof jobs.$inferSelect;

/** What a new job needs; every field but the location has a default. Times are minutes from midnight. */
export interface InsertJobInput {
  locationId: number;
  frequency?: ServiceFrequency;
  teamId?: number | null;
  preferredTeamId?: number | null;
  windowStartMinutes?: number | null;
  windowEndMinutes?: number | null;
  serviceDate?: string | null;
  startMinutes?: number | null;
  /** 0 or absent: the lines' minutes ÷ the crew size, rounded up. */
  durationMinutes?: number;
  customerAtHome?: boolean;
  assigneeId?: number | null;
  drivingDistanceTenthMiles?: number | null;
  /** null or absent: the quote parameters' default price per minute. */
  pricePerMinuteCents?: number | null;
  flatRateCents?: number | null;
  couponCode?: string;
  couponCents?: number;
  discountCents?: number;
  notes?: string;
  quoteId?: number | null;
  planId?: number | null;
  occurrenceDate?: string | null;
  recleanOfJobId?: number | null;
  recleanReason?: string;
  lines?: readonly JobLineDraft[];
  /**
   * A job typed in by a user (not copied from a quote or a plan): its coupon code and discount go
   * through the coupon and maximum-discount rules (job-discounts.ts).
   */
  discountRule?: DiscountRule;
}

/** Who is saving: whether they may exceed the maximum discount, and their language for the refusal. */
export interface DiscountRule {
  mayOverride: boolean;
  locale: Locale;
}

interface Settings {
  salesTaxBps: number;
  defaultPricePerMinuteCents: number;
  defaultTeamSize: number;
}

async function settings(tx: Db): Promise<Settings> {
  const [profile] = await tx.select({ salesTaxBps: businessProfile.salesTaxBps }).from(businessProfile).limit(1);
  const [params] = await tx
    .select({ ppm: quoteParameters.defaultPricePerMinuteCents, teamSize: quoteParameters.defaultTeamSize })
    .from(quoteParameters)
    .limit(1);
  return {
    salesTaxBps: profile?.salesTaxBps ?? 0,
    defaultPricePerMinuteCents: params?.ppm ?? 0,
    defaultTeamSize: params?.teamSize ?? 1,
  };
}

/** The live location with its customer and zone, or 10001 naming the field. */
async function liveLocation(tx: Db, locationId: number, field = 'locationId') {
  const [row] = await tx
    .select({ id: customerLocations.id, customerId: customerLocations.customerId, zoneId: customerLocations.zoneId })
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .where(and(eq(customerLocations.id, locationId), isNull(customerLocations.deletedAt), isNull(customers.deletedAt)));
  if (!row) throw invalid(field, 'jobs.locationUnavailable', { id: locationId });
  return row;
}

/** Teams and the assignee named by a save must exist (teams live and active, the user active). */
async function checkReferences(
  tx: Db,
  refs: { teamId?: number | null; preferredTeamId?: number | null; assigneeId?: number | null },
) {
  const teamIds = [refs.teamId, refs.preferredTeamId].filter((v): v is number => typeof v === 'number');
  if (teamIds.length) {
    const found = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(inArray(teams.id, teamIds), isNull(teams.deletedAt), eq(teams.active, true)));
    const ok = new Set(found.map((t) => t.id));
    for (const field of ['teamId', 'preferredTeamId'] as const) {
      const id = refs[field];
      if (typeof id === 'number' && !ok.has(id)) throw invalid(field, 'jobs.teamUnknown', { id });
    }
  }
  if (typeof refs.assigneeId === 'number') {
    const [user] = await tx
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(and(eq(sysUsers.id, refs.assigneeId), eq(sysUsers.status, 'active'), eq(sysUsers.enabled, true)));
    if (!user) throw invalid('assigneeId', 'jobs.assigneeUnknown', { id: refs.assigneeId });
  }
}

function checkWindow(start: number | null | undefined, end: number | null | undefined) {
  if (start != null && end != null && end <= start) throw invalid('windowEnd', 'validation.windowEndNotAfterStart');
}

const isScheduledShape = (j: { teamId: number | null; serviceDate: string | null; startMinutes: number | null }) =>
  j.teamId !== null && j.serviceDate !== null && j.startMinutes !== null;

async function derivedDuration(
  tx: Db,
  lines: readonly { quantity: number; minutesEach: number }[],
  teamId: number | null,
  s: Settings,
) {
  const minutes = lines.reduce((sum, l) => sum + l.quantity * l.minutesEach, 0);
  return Math.min(1440, Math.ceil(minutes / (await crewSize(tx, teamId, s.defaultTeamSize))));
}

/** The date new lines are priced on: the service date, or business today for a job without one. */
export async function pricingDateOf(tx: Db, job: { serviceDate: string | null }): Promise<string> {
  return job.serviceDate ?? (await businessToday(tx));
}

/**
 * Creates a job inside the caller's transaction: checks the location, teams and assignee, prices the
 * lines on the service date, takes a reference and stores the costing. The job is `scheduled` when
 * it has a team, a date and a start time, else `unscheduled`. With a plan occurrence already taken
 * (unique plan + occurrence date) it returns null and changes nothing else.
 */
export async function insertJob(tx: Db, actorId: number | null, input: InsertJobInput): Promise<JobRow | null> {
  const location = await liveLocation(tx, input.locationId);
  await assertDaysOpen(tx, [input.serviceDate]);
  await checkReferences(tx, input);
  checkWindow(input.windowStartMinutes, input.windowEndMinutes);
  const s = await settings(tx);
  const today = await businessToday(tx);
  const pricingDate = input.serviceDate ?? today;
  const lines = await resolveLines(tx, input.lines ?? [], pricingDate);
  const teamId = input.teamId ?? null;
  const serviceDate = input.serviceDate ?? null;
  const startMinutes = input.startMinutes ?? null;
  const status: JobStatus = isScheduledShape({ teamId, serviceDate, startMinutes }) ? 'scheduled' : 'unscheduled';
  const duration = input.durationMinutes || (await derivedDuration(tx, lines, teamId, s));
  const ppm = input.pricePerMinuteCents ?? s.defaultPricePerMinuteCents;
  const discounts = input.discountRule
    ? await settleJobDiscounts(tx, {
        couponCode: input.couponCode ?? '',
        couponCents: input.couponCents ?? 0,
        discountCents: input.discountCents ?? 0,
        pricingDate,
        basePriceCents: basePriceOf(lines, ppm, input.flatRateCents ?? null),
        ...input.discountRule,
      })
    : {};
  const [row] = await tx
    .insert(jobs)
    .values({
      reference: await nextReference(tx, 'J', serviceDate ?? today),
      customerId: location.customerId,
      locationId: location.id,
      zoneId: location.zoneId,
      frequency: input.frequency ?? 'one_time',
      status,
      statusChangedAt: new Date(),
      teamId,
      preferredTeamId: input.preferredTeamId ?? null,
      windowStartMinutes: input.windowStartMinutes ?? null,
      windowEndMinutes: input.windowEndMinutes ?? null,
      serviceDate,
      startMinutes,
      durationMinutes: duration,
      customerAtHome: input.customerAtHome ?? false,
      assigneeId: input.assigneeId ?? null,
      drivingDistanceTenthMiles: input.drivingDistanceTenthMiles ?? null,
      notes: input.notes ?? '',
      quoteId: input.quoteId ?? null,
      planId: input.planId ?? null,
      occurrenceDate: input.occurrenceDate ?? null,
      recleanOfJobId: input.recleanOfJobId ?? null,
      recleanReason: input.recleanReason ?? '',
      pricePerMinuteCents: ppm,
      flatRateCents: input.flatRateCents ?? null,
      couponCode: input.couponCode ?? '',
      couponCents: input.couponCents ?? 0,
      discountCents: input.discountCents ?? 0,
      ...discounts,
      salesTaxBps: s.salesTaxBps,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .onConflictDoNothing({ target: [jobs.planId, jobs.occurrenceDate], where: sql`${jobs.planId} is not null` })
    .returning();
  if (!row) return null;
  await replaceLines(tx, row.id, lines, ppm);
  await recomputeCosting(tx, row.id, pricingDate);
  const [saved] = await tx.select().from(jobs).where(eq(jobs.id, row.id));
  // A job added straight onto the schedule is confirmed to the customer (messaging/events).
  await queueJobConfirmation(tx, saved!);
  return saved!;
}

/** Loads a job for update with the version check; 10010 when its status no longer allows edits. */
async function loadEditable(tx: Db, target: { id: number; version: number }): Promise<JobRow> {
  const job = await loadForUpdate(tx, jobs, target.id, 'jobs.job');
  if (job.version !== target.version) throw conflict();
  await assertDaysOpen(tx, [job.serviceDate]);
  if (!JOB_EDITABLE_STATUSES.includes(job.status)) throw refused('jobs.notEditable', { status: `jobs.status.${job.status}` });
  return job;
}

async function bump(tx: Db, id: number, actorId: number, values: Partial<typeof jobs.$inferInsert>): Promise<void> {
  await tx
    .update(jobs)
    .set({ ...values, version: sql`${jobs.version} + 1`, updatedAt: new Date(), updatedBy: actorId })
    .where(eq(jobs.id, id));
}

async function reload(tx: Db, id: number): Promise<JobRow> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

const MOVE_FIELDS = ['teamId', 'serviceDate', 'startMinutes'] as const;

/** Modify: every editable field; a plan's job edited here is marked moved / edited by hand. */
export async function modifyJob(
  tx: Db,
  actorId: number,
  req: JobModifyRequest,
  rule: DiscountRule,
): Promise<{ before: JobRow; after: JobRow }> {
  const before = await loadEditable(tx, req);
  await assertDaysOpen(tx, [req.serviceDate]);
  await checkReferences(tx, req);
  const windowStartMinutes = req.windowStart === null ? null : timeToMinutes(req.windowStart);
  const windowEndMinutes = req.windowEnd === null ? null : timeToMinutes(req.windowEnd);
  checkWindow(windowStartMinutes, windowEndMinutes);
  const startMinutes = req.startTime === null ? null : timeToMinutes(req.startTime);
  if (before.status !== 'unscheduled') {
    for (const [field, value] of [
      ['teamId', req.teamId],
      ['serviceDate', req.serviceDate],
      ['startTime', startMinutes],
    ] as const) {
      if (value === null) throw invalid(field, 'jobs.scheduledNeedsAll', { status: `jobs.status.${before.status}` });
    }
  }
  const s = await settings(tx);
  const lines = await tx.select().from(jobLines).where(eq(jobLines.jobId, before.id));
  const pricePerMinuteCents = req.pricePerMinuteCents ?? before.pricePerMinuteCents;
  // A new coupon code, a coupon moved to another date or on a new base is checked and valued again (job-discounts.ts).
  const discounts = await settleJobDiscounts(tx, {
    jobId: before.id,
    quoteId: before.quoteId,
    couponCode: req.couponCode,
    couponCents: req.couponCents,
    discountCents: req.discountCents,
    pricingDate: await pricingDateOf(tx, req),
    basePriceCents: basePriceOf(lines, pricePerMinuteCents, req.flatRateCents),
    previous: {
      couponCode: before.couponCode,
      couponCents: before.couponCents,
      pricingDate: await pricingDateOf(tx, before),
      basePriceCents: basePriceOf(lines, before.pricePerMinuteCents, before.flatRateCents),
    },
    ...rule,
  });
  const values = {
    teamId: req.teamId,
    preferredTeamId: req.preferredTeamId,
    windowStartMinutes,
    windowEndMinutes,
    serviceDate: req.serviceDate,
    startMinutes,
    durationMinutes: req.durationMinutes || (await derivedDuration(tx, lines, req.teamId, s)),
    customerAtHome: req.customerAtHome,
    assigneeId: req.assigneeId,
    drivingDistanceTenthMiles: req.drivingDistanceTenthMiles,
    pricePerMinuteCents,
    flatRateCents: req.flatRateCents,
    ...discounts,
    notes: req.notes,
    salesTaxBps: s.salesTaxBps,
  };
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => before[k] !== values[k]);
  const moved = changed.some((k) => (MOVE_FIELDS as readonly string[]).includes(k));
  const edited = changed.some((k) => !(MOVE_FIELDS as readonly string[]).includes(k) && k !== 'salesTaxBps');
  await bump(tx, before.id, actorId, {
    ...values,
    movedByHand: before.movedByHand || (before.planId !== null && moved),
    editedByHand: before.editedByHand || (before.planId !== null && edited),
  });
  await recomputeCosting(tx, before.id, await pricingDateOf(tx, values));
  // An invoiced job's money changed: its invoice is voided and corrected (billing/invoices).
  await syncJobInvoice(tx, actorId, before.id);
  const after = await reload(tx, before.id);
  // A new date or start time is confirmed to the customer again (a new team alone is not).
  if (before.serviceDate !== after.serviceDate || before.startMinutes !== after.startMinutes) {
    await queueJobConfirmation(tx, after);
  }
  return { before, after };
}

/**
 * Replaces the pricing lines: kept lines (`id`) keep their copied rate, new ones are priced on the
 * job's date. Refused for a line id of another job.
 */
export async function saveLines(
  tx: Db,
  actorId: number,
  req: JobSaveLinesRequest,
  rule: DiscountRule,
): Promise<{ before: JobRow; after: JobRow }> {
  const before = await loadEditable(tx, req);
  const existing = await tx.select().from(jobLines).where(eq(jobLines.jobId, before.id));
  const byId = new Map(existing.map((l) => [l.id, l]));
  const drafts: JobLineDraft[] = req.lines.map((line, index) => {
    const common = { quantity: line.quantity, free: line.free, freeReason: line.freeReason };
    if (line.id !== undefined) {
      const row = byId.get(line.id);
      if (!row) throw invalid(`lines.${index}.id`, 'jobs.lineUnknown', { id: line.id });
      return { priced: priceOfRow(row), ...common };
    }
    return { priceItemId: line.priceItemId!, rateEffectiveFrom: line.rateEffectiveFrom, ...common };
  });
  const pricingDate = await pricingDateOf(tx, before);
  const lines = await resolveLines(tx, drafts, pricingDate);
  // A percentage coupon follows the new lines (job-discounts.ts); checked before anything is written.
  const coupon = await revalueJobCoupon(
    tx,
    before,
    {
      beforeCents: basePriceOf(existing, before.pricePerMinuteCents, before.flatRateCents),
      afterCents: basePriceOf(lines, before.pricePerMinuteCents, before.flatRateCents),
      pricingDate,
    },
    rule,
  );
  await replaceLines(tx, before.id, lines, before.pricePerMinuteCents);
  await bump(tx, before.id, actorId, { ...coupon, editedByHand: before.editedByHand || before.planId !== null });
  await recomputeCosting(tx, before.id, pricingDate);
  await syncJobInvoice(tx, actorId, before.id);
  return { before, after: await reload(tx, before.id) };
}

export const CANCEL_FEE_LINE = { nameEn: 'Cancellation fee', nameZh: '取消费' } as const;

/**
 * One status change (docs/business-rules.md "Job status"). Anything outside JOB_TRANSITIONS is 10010
 * naming the current and the requested status; `closed` is only reached by closing the day.
 */
export async function updateJobState(
  tx: Db,
  actorId: number,
  req: JobUpdateStateRequest,
): Promise<{ before: JobRow; after: JobRow }> {
  const before = await loadForUpdate(tx, jobs, req.id, 'jobs.job');
  if (before.version !== req.version) throw conflict();
  await assertDaysOpen(tx, [before.serviceDate, req.status === 'scheduled' ? req.serviceDate : null]);
  const names = { from: `jobs.status.${before.status}`, to: `jobs.status.${req.status}` };
  if (req.status === 'closed') throw refused('jobs.closeByCloseDay', names);
  if (!canTransition(before.status, req.status)) throw refused('jobs.badTransition', names);
  const now = new Date();
  const base = { status: req.status, statusChangedAt: now };
  switch (req.status) {
    case 'scheduled': {
      await checkReferences(tx, { teamId: req.teamId });
      const startMinutes = timeToMinutes(req.startTime);
      const moved =
        before.teamId !== req.teamId || before.serviceDate !== req.serviceDate || before.startMinutes !== startMinutes;
      const lines = await tx.select().from(jobLines).where(eq(jobLines.jobId, before.id));
      const duration = before.durationMinutes || (await derivedDuration(tx, lines, req.teamId, await settings(tx)));
      await bump(tx, before.id, actorId, {
        ...base,
        teamId: req.teamId,
        serviceDate: req.serviceDate,
        startMinutes,
        durationMinutes: duration,
        movedByHand: before.movedByHand || (before.planId !== null && moved),
      });
      break;
    }
    case 'completed': {
      // A visit is done on its day or later, never ahead of it (issue 23).
      const today = await businessToday(tx);
      if (before.serviceDate !== null && before.serviceDate > today)
        throw refused('jobs.completeBeforeDate', { date: before.serviceDate, today });
      await bump(tx, before.id, actorId, { ...base, actualMinutes: req.actualMinutes, completedAt: now, completedBy: actorId });
      break;
    }
    case 'uncompleted':
      await bump(tx, before.id, actorId, { ...base, uncompletedReason: req.reason });
      break;
    case 'cancelled': {
      // Nothing of the visit is charged any more; the fee, when there is one, is the only charge.
      await freeLinesOfCancelled(tx, [before.id]);
      if (req.feeCents > 0) {
        const existing = await tx.select().from(jobLines).where(eq(jobLines.jobId, before.id));
        await tx.insert(jobLines).values({
          jobId: before.id,
          kind: 'fee',
          priceItemId: null,
          ...CANCEL_FEE_LINE,
          rateEffectiveFrom: null,
          quantity: 1,
          minutesEach: 0,
          unitPriceCents: req.feeCents,
          taxable: false,
          free: false,
          freeReason: '',
          amountCents: req.feeCents,
          sortOrder: existing.length,
        });
      }
      await bump(tx, before.id, actorId, {
        ...base,
        cancelReason: req.reason,
        cancelNote: req.note,
        cancelFeeCents: req.feeCents,
        flatRateCents: null,
        couponCents: 0,
        discountCents: 0,
      });
      break;
    }
    default:
      // 'unscheduled' is never an allowed target today; canTransition refused it above.
      throw refused('jobs.badTransition', names);
  }
  const after = await reload(tx, before.id);
  await recomputeCosting(tx, before.id, await pricingDateOf(tx, after));
  // Completed, or cancelled with a fee: the invoice is issued in this transaction (billing/invoices).
  await syncJobInvoice(tx, actorId, before.id, { statusChanged: true });
  const saved = await reload(tx, before.id);
  // The customer hears of a (re)scheduled visit and of a job done, with its receipt (messaging/events).
  if (saved.status === 'scheduled') await queueJobConfirmation(tx, saved);
  if (saved.status === 'completed') await queueJobDone(tx, saved.id);
  return { before, after: saved };
}

/** A re-clean: a new unscheduled job at the same location, linked to this one, every line free. */
export async function recleanJob(
  tx: Db,
  actorId: number,
  req: { id: number; reason: string; serviceDate: string | null },
): Promise<{ source: JobRow; job: JobRow }> {
  const source = await loadForUpdate(tx, jobs, req.id, 'jobs.job');
  // The source job is not changed (a re-clean of a closed day's job is the usual case); the new
  // job's own date is checked by insertJob.
  if (!JOB_RECLEAN_FROM.includes(source.status)) throw refused('jobs.recleanFrom', { status: `jobs.status.${source.status}` });
  const lines = await tx.select().from(jobLines).where(eq(jobLines.jobId, source.id)).orderBy(jobLines.sortOrder);
  const reason = `Re-clean of ${source.reference}`;
  const job = await insertJob(tx, actorId, {
    locationId: source.locationId,
    frequency: 'one_time',
    preferredTeamId: source.teamId,
    windowStartMinutes: source.windowStartMinutes,
    windowEndMinutes: source.windowEndMinutes,
    serviceDate: req.serviceDate,
    assigneeId: source.assigneeId,
    pricePerMinuteCents: source.pricePerMinuteCents,
    notes: source.notes,
    recleanOfJobId: source.id,
    recleanReason: req.reason,
    lines: lines
      .filter((l) => !(l.kind === 'fee' && l.priceItemId === null))
      .map((l) => ({ priced: priceOfRow(l) as PricedLine, quantity: l.quantity, free: true, freeReason: reason })),
  });
  return { source, job: job! };
}

/**
 * Closes completed and uncompleted jobs (the close-day routine of a later issue calls this inside its
 * own transaction). Returns the ids it closed; other statuses are left alone.
 */
export async function closeJobs(tx: Db, actorId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = new Date();
  const rows = await tx
    .update(jobs)
    .set({
      status: 'closed',
      statusChangedAt: now,
      closedAt: now,
      version: sql`${jobs.version} + 1`,
      updatedAt: now,
      updatedBy: actorId,
    })
    .where(and(inArray(jobs.id, [...ids]), inArray(jobs.status, ['completed', 'uncompleted'])))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}
