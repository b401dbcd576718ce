import {
  JOB_KEYS,
  type JobAddRequest,
  timeToMinutes,
  ZDocumentDownloadQuery,
  ZId,
  ZJobAddRequest,
  ZJobDetail,
  ZJobDueRemindersRequest,
  ZJobDueRemindersResponse,
  ZJobExportQuery,
  ZJobImage,
  ZJobImageUploadRequest,
  ZJobListRequest,
  ZJobListResponse,
  ZJobModifyRequest,
  ZJobPayment,
  ZJobPaymentAddRequest,
  ZJobRecleanRequest,
  ZJobReminder,
  ZJobReminderAddRequest,
  ZJobReminderDoneRequest,
  ZJobReminderModifyRequest,
  ZJobSaved,
  ZJobSaveLinesRequest,
  ZJobUpdateStateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuditEntry, audit, diff } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute, defineRoute, ZNull } from '../../../platform/route';
import { rejectCardNumbers } from '../../customers/card-guard';
import { registerJobConversion } from './from-quote';
import { exportJobs } from './job-export';
import {
  addJobPayment,
  addReminder,
  dueReminders,
  imageFile,
  modifyReminder,
  removeImage,
  removeReminder,
  setReminderDone,
  toReminder,
  uploadImage,
} from './job-media.service';
import { jobDetail, listJobs } from './jobs.query';
import { insertJob, type JobRow, modifyJob, recleanJob, saveLines, updateJobState } from './jobs.service';

/** Uploads carry base64 (a third larger than the file): room for a 10 MB image and a clear message beyond. */
const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024;

const saved = (job: JobRow) => ({ id: job.id, reference: job.reference, version: job.version, status: job.status });

/** Every job change is logged against the job (recordType 'job'), so its change log reads one index. */
const jobAudit = (
  tx: Db,
  request: FastifyRequest,
  jobId: number,
  entry: Omit<AuditEntry, 'module' | 'recordType' | 'recordId'>,
) => audit(tx, request, { module: 'service', recordType: 'job', recordId: jobId, ...entry });

const minutesOrNull = (time: string | null) => (time === null ? null : timeToMinutes(time));

export function insertInputOf(body: JobAddRequest) {
  return {
    ...body,
    windowStartMinutes: minutesOrNull(body.windowStart),
    windowEndMinutes: minutesOrNull(body.windowEnd),
    startMinutes: minutesOrNull(body.startTime),
    lines: body.lines.map((l) => ({
      priceItemId: l.priceItemId!,
      quantity: l.quantity,
      free: l.free,
      freeReason: l.freeReason,
      rateEffectiveFrom: l.rateEffectiveFrom,
    })),
  };
}

export async function jobsRoutes(app: FastifyInstance, { db }: Deps) {
  registerJobConversion();
  const userId = (request: FastifyRequest) => request.session!.userId;

  defineRoute(app, {
    path: '/job/queryList',
    summary: 'Job list: search, filters, totals of the filtered set',
    permission: JOB_KEYS.list,
    body: ZJobListRequest,
    response: ZJobListResponse,
    handler: (_request, body) => listJobs(db, body),
  });

  defineFileRoute(app, {
    path: '/job/export',
    summary: 'Export the filtered job list to XLSX',
    permission: JOB_KEYS.export,
    query: ZJobExportQuery,
    handler: async (request, query) => exportJobs(db, query, request.locale, await businessToday(db)),
  });

  defineRoute(app, {
    path: '/job/dueReminders',
    summary: 'Job reminders due on a date',
    permission: JOB_KEYS.list,
    body: ZJobDueRemindersRequest,
    response: ZJobDueRemindersResponse,
    handler: async (_request, body) => dueReminders(db, { ...body, date: body.date ?? (await businessToday(db)) }),
  });

  defineRoute(app, {
    path: '/job/detail',
    summary: 'One job with its lines, costing, payments, images, reminders and change log',
    permission: JOB_KEYS.detail,
    body: ZId,
    response: ZJobDetail,
    handler: (_request, body) => jobDetail(db, body.id),
  });

  defineRoute(app, {
    path: '/job/add',
    summary: 'Add a job',
    permission: JOB_KEYS.detail,
    body: ZJobAddRequest,
    response: ZJobSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const job = (await insertJob(tx, userId(request), insertInputOf(body)))!;
        await jobAudit(tx, request, job.id, {
          action: 'add',
          summary: `Added job ${job.reference} (${job.status}) for location #${job.locationId}`,
        });
        return saved(job);
      }),
  });

  defineRoute(app, {
    path: '/job/modify',
    summary: 'Change a job',
    permission: JOB_KEYS.detail,
    body: ZJobModifyRequest,
    response: ZJobSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyJob(tx, userId(request), body);
        const { version: _a, updatedAt: _b, updatedBy: _c, ...b } = before;
        const { version: _d, updatedAt: _e, updatedBy: _f, ...a } = after;
        await jobAudit(tx, request, after.id, {
          action: 'modify',
          summary: `Modified job ${after.reference}`,
          changes: diff(b, a, { plain: ['couponCode'] }),
        });
        return saved(after);
      }),
  });

  defineRoute(app, {
    path: '/job/saveLines',
    summary: 'Replace the pricing lines of a job (priced on its service date)',
    permission: JOB_KEYS.detail,
    body: ZJobSaveLinesRequest,
    response: ZJobSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await saveLines(tx, userId(request), body);
        await jobAudit(tx, request, after.id, {
          action: 'saveLines',
          summary: `Saved ${body.lines.length} pricing lines of job ${after.reference}`,
          changes: diff(
            {
              quotedMinutes: before.quotedMinutes,
              subtotalCents: before.subtotalCents,
              invoiceTotalCents: before.invoiceTotalCents,
            },
            {
              quotedMinutes: after.quotedMinutes,
              subtotalCents: after.subtotalCents,
              invoiceTotalCents: after.invoiceTotalCents,
            },
          ),
        });
        return saved(after);
      }),
  });

  defineRoute(app, {
    path: '/job/updateState',
    summary: 'Move a job to another status (schedule, complete, uncomplete, cancel)',
    permission: JOB_KEYS.detail,
    body: ZJobUpdateStateRequest,
    response: ZJobSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await updateJobState(tx, userId(request), body);
        const { id: _id, version: _v, ...detail } = body;
        await jobAudit(tx, request, after.id, {
          action: 'updateState',
          summary: `Job ${after.reference}: ${before.status} → ${after.status}`,
          changes: { status: { from: before.status, to: after.status }, ...diff({}, detail) },
        });
        return saved(after);
      }),
  });

  defineRoute(app, {
    path: '/job/reclean',
    summary: 'Create a no-charge re-clean job linked to this one',
    permission: JOB_KEYS.detail,
    body: ZJobRecleanRequest,
    response: ZJobSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { source, job } = await recleanJob(tx, userId(request), body);
        await jobAudit(tx, request, job.id, {
          action: 'add',
          summary: `Added re-clean ${job.reference} of job ${source.reference}: ${body.reason}`,
        });
        await jobAudit(tx, request, source.id, {
          action: 'reclean',
          summary: `Re-clean ${job.reference} created: ${body.reason}`,
        });
        return saved(job);
      }),
  });

  defineRoute(app, {
    path: '/job/addPayment',
    summary: 'Record a customer payment against a job',
    permission: 'customer:payments:manage',
    body: ZJobPaymentAddRequest,
    response: ZJobPayment,
    inspectBody: rejectCardNumbers,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { row, job } = await addJobPayment(tx, userId(request), body);
        await jobAudit(tx, request, job.id, {
          action: 'addPayment',
          summary: `Payment of ${row.amountCents} cents (${row.method}) on ${row.paidOn} for job ${job.reference}`,
        });
        return {
          id: row.id,
          kind: row.kind,
          paidOn: row.paidOn,
          amountCents: row.amountCents,
          gratuityCents: row.gratuityCents,
          method: row.method,
          note: row.note,
        };
      }),
  });

  // ---- Images ----

  defineRoute(app, {
    path: '/job/uploadImage',
    summary: 'Upload a before/after photo of a job',
    permission: JOB_KEYS.detail,
    body: ZJobImageUploadRequest,
    response: ZJobImage,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { row, reference } = await uploadImage(tx, userId(request), body);
        await jobAudit(tx, request, row.jobId, {
          action: 'uploadImage',
          summary: `Uploaded ${row.kind} image "${row.name}" (${row.sizeBytes} bytes) to job ${reference}`,
        });
        return {
          id: row.id,
          kind: row.kind,
          name: row.name,
          mimeType: row.mimeType,
          sizeBytes: row.sizeBytes,
          uploadedAt: row.createdAt.toISOString(),
          uploadedBy: { id: request.session!.userId, name: request.session!.name },
        };
      }),
  });

  defineFileRoute(app, {
    path: '/job/image',
    summary: 'The bytes of a job photo',
    permission: JOB_KEYS.detail,
    query: ZDocumentDownloadQuery,
    handler: (_request, query) => imageFile(db, query.id),
  });

  defineRoute(app, {
    path: '/job/removeImage',
    summary: 'Remove a job photo',
    permission: JOB_KEYS.detail,
    body: ZId,
    response: ZNull,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await removeImage(tx, userId(request), body.id);
        await jobAudit(tx, request, row.jobId, { action: 'removeImage', summary: `Removed ${row.kind} image "${row.name}"` });
        return null;
      }),
  });

  // ---- Reminders ----

  const REMINDER_SUMMARIES: Record<string, string> = {
    '/job/addReminder': 'Add a reminder to a job',
    '/job/modifyReminder': 'Change a job reminder',
    '/job/setReminderDone': 'Mark a job reminder done or not done',
  };

  const reminderRoute = <B extends z.ZodType>(
    path: string,
    body: B,
    run: (
      tx: Db,
      request: FastifyRequest,
      body: z.infer<B>,
    ) => Promise<{ row: Parameters<typeof toReminder>[0]; summary: string; changes?: AuditEntry['changes'] }>,
  ) =>
    defineRoute(app, {
      path,
      summary: REMINDER_SUMMARIES[path] ?? 'Change a job reminder',
      permission: JOB_KEYS.detail,
      body,
      response: ZJobReminder,
      handler: (request, input) =>
        db.transaction(async (tx) => {
          const { row, summary, changes } = await run(tx, request, input);
          await jobAudit(tx, request, row.jobId, { action: path.split('/').pop()!, summary, changes });
          return toReminder(row, row.done ? request.session!.name : null);
        }),
    });

  reminderRoute('/job/addReminder', ZJobReminderAddRequest, async (tx, request, body) => {
    const row = await addReminder(tx, userId(request), body);
    return { row, summary: `Reminder due ${row.dueDate}: ${row.note}` };
  });
  reminderRoute('/job/modifyReminder', ZJobReminderModifyRequest, async (tx, request, body) => {
    const { before, after } = await modifyReminder(tx, userId(request), body);
    return {
      row: after,
      summary: `Changed reminder #${after.id}`,
      changes: diff({ dueDate: before.dueDate, note: before.note }, { dueDate: after.dueDate, note: after.note }),
    };
  });
  reminderRoute('/job/setReminderDone', ZJobReminderDoneRequest, async (tx, request, body) => {
    const { after } = await setReminderDone(tx, userId(request), body);
    return { row: after, summary: `Reminder #${after.id} ${body.done ? 'done' : 'not done'}: ${after.note}` };
  });

  defineRoute(app, {
    path: '/job/removeReminder',
    summary: 'Remove a job reminder',
    permission: JOB_KEYS.detail,
    body: ZId,
    response: ZNull,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await removeReminder(tx, userId(request), body.id);
        await jobAudit(tx, request, row.jobId, { action: 'removeReminder', summary: `Removed reminder: ${row.note}` });
        return null;
      }),
  });
}
