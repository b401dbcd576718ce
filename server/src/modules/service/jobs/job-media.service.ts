import { createHash } from 'node:crypto';
import {
  base64Size,
  JOB_IMAGE_MAX_BYTES,
  JOB_IMAGES_PER_JOB_MAX,
  type JobImageUploadRequest,
  type JobPaymentAddRequest,
  type JobReminder,
  type Locale,
} from '@tidyhouse/contract';
import { and, asc, count, eq, isNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { totalCount as countOver } from '../../../platform/list';
import type { FileReply } from '../../../platform/route';
import { addPayment } from '../../billing/payments/payments.service';
import { customers } from '../../customers/customers.tables';
import { sysUsers } from '../../employees/employees.tables';
import { invalid } from './job-lines';
import { jobImageContents, jobImages, jobReminders, jobs } from './jobs.tables';

/** The image type from its first bytes (never from the name): JPEG, PNG or WebP, else null. */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/** A job that exists, locked for the change (its images, reminders and payments hang on it). */
export async function lockJob(tx: Db, jobId: number, field = 'jobId') {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!job) throw invalid(field, 'error.notFound', { what: 'jobs.job' });
  return job;
}

export async function uploadImage(tx: Db, actorId: number, req: JobImageUploadRequest) {
  const base64 = req.contentBase64.replace(/^data:[^,]*,/, '');
  if (base64Size(base64) > JOB_IMAGE_MAX_BYTES) throw invalid('contentBase64', 'jobs.imageTooLarge');
  const content = Buffer.from(base64, 'base64');
  if (content.length === 0) throw invalid('contentBase64', 'jobs.imageEmpty');
  if (content.length > JOB_IMAGE_MAX_BYTES) throw invalid('contentBase64', 'jobs.imageTooLarge');
  const mimeType = imageTypeOf(content);
  if (!mimeType) throw invalid('contentBase64', 'jobs.imageType');
  const job = await lockJob(tx, req.jobId);
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(jobImages)
    .where(and(eq(jobImages.jobId, job.id), isNull(jobImages.deletedAt)))) as [{ n: number }];
  if (n >= JOB_IMAGES_PER_JOB_MAX) throw refused('jobs.tooManyImages', { max: JOB_IMAGES_PER_JOB_MAX });
  const [row] = await tx
    .insert(jobImages)
    .values({
      jobId: job.id,
      kind: req.kind,
      name: req.name,
      mimeType,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await tx.insert(jobImageContents).values({ imageId: row!.id, content });
  return { row: row!, reference: job.reference };
}

export async function imageFile(db: Db, id: number): Promise<FileReply> {
  const [row] = await db
    .select({ image: jobImages, content: jobImageContents.content })
    .from(jobImages)
    .innerJoin(jobImageContents, eq(jobImageContents.imageId, jobImages.id))
    .where(and(eq(jobImages.id, id), isNull(jobImages.deletedAt)));
  if (!row) throw notFound('jobs.image');
  return { content: row.content, mimeType: row.image.mimeType, fileName: row.image.name };
}

/** Soft removal: the row stays for the change log; the bytes are dropped. */
export async function removeImage(tx: Db, actorId: number, id: number) {
  const [row] = await tx
    .update(jobImages)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: actorId })
    .where(and(eq(jobImages.id, id), isNull(jobImages.deletedAt)))
    .returning();
  if (!row) throw notFound('jobs.image');
  await tx.delete(jobImageContents).where(eq(jobImageContents.imageId, id));
  return row;
}

// ---- Reminders ----

export async function addReminder(tx: Db, actorId: number, req: { jobId: number; dueDate: string; note: string }) {
  await lockJob(tx, req.jobId);
  const [row] = await tx
    .insert(jobReminders)
    .values({ jobId: req.jobId, dueDate: req.dueDate, note: req.note, createdBy: actorId, updatedBy: actorId })
    .returning();
  return row!;
}

async function liveReminder(tx: Db, id: number) {
  const [row] = await tx
    .select()
    .from(jobReminders)
    .where(and(eq(jobReminders.id, id), isNull(jobReminders.deletedAt)))
    .for('update');
  if (!row) throw notFound('jobs.reminder');
  return row;
}

export async function modifyReminder(
  tx: Db,
  actorId: number,
  req: { id: number; version: number; dueDate: string; note: string },
) {
  const before = await liveReminder(tx, req.id);
  if (before.version !== req.version) throw conflict();
  const [after] = await tx
    .update(jobReminders)
    .set({ dueDate: req.dueDate, note: req.note, version: before.version + 1, updatedAt: new Date(), updatedBy: actorId })
    .where(eq(jobReminders.id, req.id))
    .returning();
  return { before, after: after! };
}

export async function setReminderDone(tx: Db, actorId: number, req: { id: number; done: boolean }) {
  const before = await liveReminder(tx, req.id);
  const now = new Date();
  const [after] = await tx
    .update(jobReminders)
    .set({
      done: req.done,
      doneAt: req.done ? now : null,
      doneBy: req.done ? actorId : null,
      version: before.version + 1,
      updatedAt: now,
      updatedBy: actorId,
    })
    .where(eq(jobReminders.id, req.id))
    .returning();
  return { before, after: after! };
}

export async function removeReminder(tx: Db, actorId: number, id: number) {
  const before = await liveReminder(tx, id);
  await tx
    .update(jobReminders)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: actorId })
    .where(eq(jobReminders.id, id));
  return before;
}

export function toReminder(row: typeof jobReminders.$inferSelect, doneByName: string | null): JobReminder {
  return {
    id: row.id,
    jobId: row.jobId,
    dueDate: row.dueDate,
    note: row.note,
    done: row.done,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: row.doneBy && doneByName ? { id: row.doneBy, name: doneByName } : null,
    version: row.version,
  };
}

/** Reminders not done and due on or before `date`, oldest first, with their job (one query). */
export async function dueReminders(db: Db, req: { date: string; assigneeId?: number; pageNum: number; pageSize: number }) {
  const doers = alias(sysUsers, 'doers');
  const assignees = alias(sysUsers, 'assignees');
  const where = and(
    eq(jobReminders.done, false),
    isNull(jobReminders.deletedAt),
    lte(jobReminders.dueDate, req.date),
    req.assigneeId ? eq(jobs.assigneeId, req.assigneeId) : undefined,
  );
  const rows = await db
    .select({
      reminder: jobReminders,
      doneByName: doers.name,
      jobReference: jobs.reference,
      serviceDate: jobs.serviceDate,
      customerId: customers.id,
      customerName: customers.name,
      assigneeId: assignees.id,
      assigneeName: assignees.name,
      total: countOver,
    })
    .from(jobReminders)
    .innerJoin(jobs, eq(jobs.id, jobReminders.jobId))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(doers, eq(doers.id, jobReminders.doneBy))
    .leftJoin(assignees, eq(assignees.id, jobs.assigneeId))
    .where(where)
    .orderBy(asc(jobReminders.dueDate), asc(jobReminders.id))
    .limit(req.pageSize)
    .offset((req.pageNum - 1) * req.pageSize);
  return {
    list: rows.map((r) => ({
      ...toReminder(r.reminder, r.doneByName),
      jobReference: r.jobReference,
      customer: { id: r.customerId, name: r.customerName },
      serviceDate: r.serviceDate,
      assignee: r.assigneeId && r.assigneeName ? { id: r.assigneeId, name: r.assigneeName } : null,
    })),
    total: rows[0]?.total ?? 0,
  };
}

// ---- Payments ----

/** Records a customer payment against the job (the customer's ledger, linked by job_id). */
export async function addJobPayment(tx: Db, actorId: number, req: JobPaymentAddRequest, locale: Locale = 'en') {
  const job = await lockJob(tx, req.jobId);
  if (job.customerId !== req.customerId) throw invalid('customerId', 'jobs.customerMismatch');
  if (job.status === 'cancelled' && job.cancelFeeCents === 0) throw refused('jobs.cancelledJob');
  const { jobId: _jobId, ...payment } = req;
  const row = await addPayment(tx, actorId, payment, { jobId: job.id, locale });
  return { row, job };
}
