import {
  type AuditDetails,
  JOB_TRANSITIONS,
  type JobDetail,
  type Locale,
  maxDiscountOf,
  minutesToTime,
  renderAuditSummary,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { invoices } from '../../billing/invoices/invoices.tables';
import { customerPayments } from '../../billing/payments/payments.tables';
import { customerLocations, customers } from '../../customers/customers.tables';
import { sysUsers, teams } from '../../employees/employees.tables';
import { jobMessages } from '../../messaging/events/message-log.query';
import { zones } from '../../system/settings.tables';
import { auditLog } from '../../system/system.tables';
import { laborOf } from './job-costing';
import { maxDiscountBpsOf } from './job-discounts';
import { jobLengths } from './job-length.query';
import { pricingDateOf } from './jobs.service';
import { jobImages, jobLines, jobReminders, jobs } from './jobs.tables';

/** `/job/detail` (split from jobs.query.ts, which keeps the list, its totals and the export rows). */

const preferredTeams = alias(teams, 'preferred_teams');
const assignees = alias(sysUsers, 'assignees');
const recleanSources = alias(jobs, 'reclean_sources');

/**
 * Everything the Job Detail shows, in one answer. Without `showPay` (the caller lacks PAY_MANAGE_KEY)
 * the crew's pay rates and the figures they can be read back from (projected labor, profit) are null.
 */
export async function jobDetail(db: Db, id: number, locale: Locale = 'en', showPay = true): Promise<JobDetail> {
  const [row] = await db
    .select({
      job: jobs,
      customerName: customers.name,
      phone: customers.phone1,
      location: customerLocations,
      zone: { id: zones.id, name: zones.name, color: zones.color },
      team: { id: teams.id, name: teams.name, color: teams.color },
      preferredTeam: { id: preferredTeams.id, name: preferredTeams.name, color: preferredTeams.color },
      assignee: { id: assignees.id, name: assignees.name },
      recleanOf: { id: recleanSources.id, reference: recleanSources.reference },
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(zones, eq(zones.id, jobs.zoneId))
    .leftJoin(teams, eq(teams.id, jobs.teamId))
    .leftJoin(preferredTeams, eq(preferredTeams.id, jobs.preferredTeamId))
    .leftJoin(assignees, eq(assignees.id, jobs.assigneeId))
    .leftJoin(recleanSources, eq(recleanSources.id, jobs.recleanOfJobId))
    .where(eq(jobs.id, id));
  if (!row) throw notFound('jobs.job');
  const j = row.job;
  const pricingDate = await pricingDateOf(db, j);
  const maxDiscountBps = await maxDiscountBpsOf(db);
  const jobPayments = db.select({ id: customerPayments.id }).from(customerPayments).where(eq(customerPayments.jobId, id));
  const uploaders = alias(sysUsers, 'uploaders');
  const doers = alias(sysUsers, 'doers');
  const lengths = await jobLengths(db, [j]);
  const [lines, labor, payments, images, reminders, changes, recleans, jobInvoices, messages] = await Promise.all([
    db.select().from(jobLines).where(eq(jobLines.jobId, id)).orderBy(asc(jobLines.sortOrder)),
    j.status === 'cancelled' ? Promise.resolve([]) : laborOf(db, j.teamId, pricingDate, j.durationMinutes),
    db
      .select()
      .from(customerPayments)
      .where(or(eq(customerPayments.jobId, id), inArray(customerPayments.reversalOfId, jobPayments)))
      .orderBy(asc(customerPayments.paidOn), asc(customerPayments.id)),
    db
      .select({ image: jobImages, uploaderName: uploaders.name })
      .from(jobImages)
      .leftJoin(uploaders, eq(uploaders.id, jobImages.createdBy))
      .where(and(eq(jobImages.jobId, id), isNull(jobImages.deletedAt)))
      .orderBy(asc(jobImages.id)),
    db
      .select({ reminder: jobReminders, doneByName: doers.name })
      .from(jobReminders)
      .leftJoin(doers, eq(doers.id, jobReminders.doneBy))
      .where(and(eq(jobReminders.jobId, id), isNull(jobReminders.deletedAt)))
      .orderBy(asc(jobReminders.dueDate), asc(jobReminders.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'job'), eq(auditLog.recordId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(200),
    db
      .select({ id: jobs.id, reference: jobs.reference, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.recleanOfJobId, id))
      .orderBy(asc(jobs.id)),
    // Every invoice of the job at once (invoices_job_idx): the live one and the void ones it corrected.
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        totalCents: invoices.totalCents,
        appliedCents: invoices.appliedCents,
        correctsInvoiceId: invoices.correctsInvoiceId,
      })
      .from(invoices)
      .where(eq(invoices.jobId, id))
      .orderBy(asc(invoices.id)),
    jobMessages(db, id),
  ]);
  const ref = <T extends { id: number | null }>(v: T | null) => (v && v.id !== null ? (v as T & { id: number }) : null);
  return {
    job: {
      id: j.id,
      reference: j.reference,
      status: j.status,
      frequency: j.frequency,
      customer: { id: j.customerId, name: row.customerName, phone: row.phone },
      location: {
        id: row.location.id,
        name: row.location.name,
        address1: row.location.address1,
        address2: row.location.address2,
        city: row.location.city,
        state: row.location.state,
        zip: row.location.zip,
      },
      zone: ref(row.zone),
      team: ref(row.team),
      preferredTeam: ref(row.preferredTeam),
      windowStart: j.windowStartMinutes === null ? null : minutesToTime(j.windowStartMinutes),
      windowEnd: j.windowEndMinutes === null ? null : minutesToTime(j.windowEndMinutes),
      serviceDate: j.serviceDate,
      startTime: j.startMinutes === null ? null : minutesToTime(j.startMinutes),
      durationMinutes: j.durationMinutes,
      length: lengths.get(j.id)!,
      quotedMinutes: j.quotedMinutes,
      actualMinutes: j.actualMinutes,
      uncompletedReason: j.uncompletedReason,
      cancelReason: j.cancelReason,
      cancelNote: j.cancelNote,
      cancelFeeCents: j.cancelFeeCents,
      recleanOf: ref(row.recleanOf),
      recleans,
      recleanReason: j.recleanReason,
      customerAtHome: j.customerAtHome,
      assignee: ref(row.assignee),
      drivingDistanceTenthMiles: j.drivingDistanceTenthMiles,
      pricePerMinuteCents: j.pricePerMinuteCents,
      flatRateCents: j.flatRateCents,
      couponCode: j.couponCode,
      couponCents: j.couponCents,
      discountCents: j.discountCents,
      maxDiscountCents: maxDiscountOf(j.revenueCents, maxDiscountBps),
      maxDiscountBps,
      notes: j.notes,
      planId: j.planId,
      occurrenceDate: j.occurrenceDate,
      movedByHand: j.movedByHand,
      editedByHand: j.editedByHand,
      quoteId: j.quoteId,
      pricingDate,
      costing: {
        revenueCents: j.revenueCents,
        discountsCents: j.discountsCents,
        subtotalCents: j.subtotalCents,
        taxableCents: j.taxableCents,
        taxesCents: j.taxesCents,
        salesTaxBps: j.salesTaxBps,
        projectedLaborCents: showPay ? j.projectedLaborCents : null,
        invoiceTotalCents: j.invoiceTotalCents,
        profitLossCents: showPay ? j.profitLossCents : null,
      },
      createdAt: j.createdAt.toISOString(),
      updatedAt: j.updatedAt.toISOString(),
      version: j.version,
    },
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      priceItemId: l.priceItemId,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      rateEffectiveFrom: l.rateEffectiveFrom,
      quantity: l.quantity,
      minutesEach: l.minutesEach,
      unitPriceCents: l.unitPriceCents,
      taxable: l.taxable,
      free: l.free,
      freeReason: l.freeReason,
      amountCents: l.amountCents,
    })),
    labor: showPay ? labor : labor.map((m) => ({ ...m, hourlyRateCents: null })),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      paidOn: p.paidOn,
      amountCents: p.amountCents,
      gratuityCents: p.gratuityCents,
      method: p.method,
      note: p.note,
    })),
    paidCents: payments.reduce((sum, p) => sum + p.amountCents, 0),
    images: images.map(({ image, uploaderName }) => ({
      id: image.id,
      kind: image.kind,
      name: image.name,
      mimeType: image.mimeType,
      sizeBytes: image.sizeBytes,
      uploadedAt: image.createdAt.toISOString(),
      uploadedBy: image.createdBy && uploaderName ? { id: image.createdBy, name: uploaderName } : null,
    })),
    reminders: reminders.map(({ reminder, doneByName }) => ({
      id: reminder.id,
      jobId: reminder.jobId,
      dueDate: reminder.dueDate,
      note: reminder.note,
      done: reminder.done,
      doneAt: reminder.doneAt?.toISOString() ?? null,
      doneBy: reminder.doneBy && doneByName ? { id: reminder.doneBy, name: doneByName } : null,
      version: reminder.version,
    })),
    changes: changes.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      action: c.action,
      user: c.uname,
      // Entries with facts read in the caller's language; older ones keep their stored summary.
      summary:
        renderAuditSummary({ module: c.module, action: c.action, details: c.details as AuditDetails | null }, locale) ??
        c.summary,
      changes: (c.changes as Record<string, { from: unknown; to: unknown }> | null) ?? {},
    })),
    invoices: jobInvoices.map(({ appliedCents, ...invoice }) => ({
      ...invoice,
      openCents: invoice.status === 'void' ? 0 : invoice.totalCents - appliedCents,
    })),
    messages,
    allowedTransitions: JOB_TRANSITIONS[j.status].filter((s) => s !== 'closed'),
  };
}
