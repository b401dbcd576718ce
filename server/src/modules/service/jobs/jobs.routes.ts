import {
  type AuditDetails,
  JOB_DISCOUNT_OVERRIDE_KEY,
  JOB_KEYS,
  type JobAddRequest,
  PAY_MANAGE_KEY,
  timeToMinutes,
  withCausedConflicts,
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
import { callerHolds, permissionsOf } from '../../../platform/permissions';
import { defineFileRoute, defineRoute, type RouteDef, ZNull } from '../../../platform/route';
import { rejectCardNumbers } from '../../billing/card-on-file/card-guard';
import { withJobConflicts } from '../conflicts/conflicts.query';
import { registerJobConversion } from './from-quote';
import { jobDetail } from './job-detail.query';
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
import { listJobs } from './jobs.query';
import { type DiscountRule, insertJob, type JobRow, modifyJob, recleanJob, saveLines, updateJobState } from './jobs.service';

/** Uploads carry base64 (a third larger than the file): room for a 10 MB image and a clear message beyond. */
const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024;

const saved = (job: JobRow) => ({ id: job.id, reference: job.reference, version: job.version, status: job.status });

/**
 * Every job change is logged against the job (recordType 'job'), so its change log reads one index;
 * its facts (`details`) make it read in each viewer's language (contract audit-texts `service.*`).
 */
const jobAudit = (tx: Db, request: FastifyRequest, jobId: number, entry: JobEntry) =>
  audit(tx, request, {
    module: 'service',
    recordType: 'job',
    recordId: jobId,
    action: entry.action,
    details: entry.details,
    changes: entry.changes,
  });

type JobEntry = { action: string; details: AuditDetails; changes?: AuditEntry['changes'] };
/** One entry of a job's change log. */
type JobLog = { jobId: number } & JobEntry;
/** A job status as the log's value titles know it ('scheduled' alone is a pay rate's state). */
const statusCode = (status: string) => `job_${status}`;

/** The caller's discount rule: the override key lets a hand discount exceed the maximum discount. */
async function discountRuleOf(tx: Db, request: FastifyRequest): Promise<DiscountRule> {
  const s = request.session!;
  const keys = await permissionsOf(tx, { id: s.roleId, isSuper: s.isSuper });
  return { mayOverride: keys.has(JOB_DISCOUNT_OVERRIDE_KEY), locale: request.locale };
}

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

  /**
   * A route that changes jobs in one transaction: `run` calls the service and says what to answer and
   * what to log against which job (the same transaction, so a refused change logs nothing).
   */
  const jobChange = <B extends z.ZodType, R extends z.ZodType>(
    def: Omit<RouteDef<B, R>, 'permission' | 'handler'> & {
      permission?: string;
      run: (tx: Db, request: FastifyRequest, body: z.infer<B>) => Promise<{ answer: z.infer<R>; log: JobLog[] }>;
    },
  ) => {
    const { run, ...route } = def;
    defineRoute(app, {
      permission: JOB_KEYS.detail,
      ...route,
      handler: (request, body) =>
        db.transaction(async (tx) => {
          const { answer, log } = await run(tx, request, body);
          for (const { jobId, ...entry } of log) await jobAudit(tx, request, jobId, entry);
          return answer;
        }),
    });
  };

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
    handler: async (request, body) => jobDetail(db, body.id, request.locale, await callerHolds(db, request, PAY_MANAGE_KEY)),
  });

  jobChange({
    path: '/job/add',
    summary: 'Add a job',
    body: ZJobAddRequest,
    response: withCausedConflicts(ZJobSaved),
    run: (tx, request, body) =>
      withJobConflicts(
        tx,
        request.locale,
        [],
        async () => {
          const input = { ...insertInputOf(body), discountRule: await discountRuleOf(tx, request) };
          const job = (await insertJob(tx, userId(request), input))!;
          const details = { params: { reference: job.reference, status: statusCode(job.status) } };
          // The coupon and discount the job starts with, as stored (the server's value of the coupon).
          const given = Object.entries({
            couponCode: job.couponCode,
            couponCents: job.couponCents,
            discountCents: job.discountCents,
          });
          const changes = diff({}, Object.fromEntries(given.filter(([, v]) => v !== '' && v !== 0)), { plain: ['couponCode'] });
          return { answer: saved(job), log: [{ jobId: job.id, action: 'add', details, changes }] };
        },
        (answer) => [answer.id],
      ),
  });

  jobChange({
    path: '/job/modify',
    summary: 'Change a job',
    body: ZJobModifyRequest,
    response: withCausedConflicts(ZJobSaved),
    run: (tx, request, body) =>
      withJobConflicts(tx, request.locale, [body.id], async () => {
        const { before, after } = await modifyJob(tx, userId(request), body, await discountRuleOf(tx, request));
        const { version: _a, updatedAt: _b, updatedBy: _c, ...b } = before;
        const { version: _d, updatedAt: _e, updatedBy: _f, ...a } = after;
        const changes = diff(b, a, { plain: ['couponCode'] });
        return {
          answer: saved(after),
          log: [
            {
              jobId: after.id,
              action: 'modify',
              details: { params: { reference: after.reference, fields: Object.keys(changes ?? {}) } },
              changes,
            },
          ],
        };
      }),
  });

  jobChange({
    path: '/job/saveLines',
    summary: 'Replace the pricing lines of a job (priced on its service date)',
    body: ZJobSaveLinesRequest,
    response: withCausedConflicts(ZJobSaved),
    run: (tx, request, body) =>
      withJobConflicts(tx, request.locale, [body.id], async () => {
        const { before, after } = await saveLines(tx, userId(request), body, await discountRuleOf(tx, request));
        const totals = (j: JobRow) => ({
          quotedMinutes: j.quotedMinutes,
          couponCents: j.couponCents,
          subtotalCents: j.subtotalCents,
          invoiceTotalCents: j.invoiceTotalCents,
        });
        const details = {
          params: { count: body.lines.length, reference: after.reference, invoiceTotalCents: after.invoiceTotalCents },
        };
        return {
          answer: saved(after),
          log: [{ jobId: after.id, action: 'saveLines', details, changes: diff(totals(before), totals(after)) }],
        };
      }),
  });

  jobChange({
    path: '/job/updateState',
    summary: 'Move a job to another status (schedule, complete, uncomplete, cancel)',
    body: ZJobUpdateStateRequest,
    response: withCausedConflicts(ZJobSaved),
    run: (tx, request, body) =>
      withJobConflicts(tx, request.locale, [body.id], async () => {
        const { before, after } = await updateJobState(tx, userId(request), body);
        const { id: _id, version: _v, ...detail } = body;
        const changes = { status: { from: before.status, to: after.status }, ...diff({}, detail) };
        const details = { params: { reference: after.reference, from: statusCode(before.status), to: statusCode(after.status) } };
        return { answer: saved(after), log: [{ jobId: after.id, action: 'updateState', details, changes }] };
      }),
  });

  jobChange({
    path: '/job/reclean',
    summary: 'Create a no-charge re-clean job linked to this one',
    body: ZJobRecleanRequest,
    response: ZJobSaved,
    run: async (tx, request, body) => {
      const { source, job } = await recleanJob(tx, userId(request), body);
      return {
        answer: saved(job),
        log: <JobLog[]>[
          {
            jobId: job.id,
            action: 'add',
            details: {
              key: 'service.addReclean',
              params: { reference: job.reference, source: source.reference, reason: body.reason },
            },
          },
          { jobId: source.id, action: 'reclean', details: { params: { reclean: job.reference, reason: body.reason } } },
        ],
      };
    },
  });

  jobChange({
    path: '/job/addPayment',
    summary: 'Record a customer payment against a job',
    permission: 'customer:payments:manage',
    body: ZJobPaymentAddRequest,
    response: ZJobPayment,
    inspectBody: rejectCardNumbers,
    run: async (tx, request, body) => {
      const { row, job } = await addJobPayment(tx, userId(request), body, request.locale);
      const { id, kind, paidOn, amountCents, gratuityCents, method, note } = row;
      const details = { params: { amountCents, method, date: paidOn, reference: job.reference } };
      return {
        answer: { id, kind, paidOn, amountCents, gratuityCents, method, note },
        log: [{ jobId: job.id, action: 'addPayment', details }],
      };
    },
  });

  // ---- Images ----

  jobChange({
    path: '/job/uploadImage',
    summary: 'Upload a before/after photo of a job',
    body: ZJobImageUploadRequest,
    response: ZJobImage,
    bodyLimit: UPLOAD_BODY_LIMIT,
    run: async (tx, request, body) => {
      const { row, reference } = await uploadImage(tx, userId(request), body);
      const { id, kind, name, mimeType, sizeBytes } = row;
      const details = { params: { kind: `photo_${kind}`, name, bytes: sizeBytes, reference } };
      return {
        answer: {
          id,
          kind,
          name,
          mimeType,
          sizeBytes,
          uploadedAt: row.createdAt.toISOString(),
          uploadedBy: { id: request.session!.userId, name: request.session!.name },
        },
        log: [{ jobId: row.jobId, action: 'uploadImage', details }],
      };
    },
  });

  defineFileRoute(app, {
    path: '/job/image',
    summary: 'The bytes of a job photo',
    permission: JOB_KEYS.detail,
    query: ZDocumentDownloadQuery,
    handler: (_request, query) => imageFile(db, query.id),
  });

  jobChange({
    path: '/job/removeImage',
    summary: 'Remove a job photo',
    body: ZId,
    response: ZNull,
    run: async (tx, request, body) => {
      const row = await removeImage(tx, userId(request), body.id);
      return {
        answer: null,
        log: [{ jobId: row.jobId, action: 'removeImage', details: { params: { kind: `photo_${row.kind}`, name: row.name } } }],
      };
    },
  });

  // ---- Reminders ----

  /** The reminder routes answer the reminder and log under their own name ('addReminder', …). */
  const reminderRoute = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    run: (
      tx: Db,
      request: FastifyRequest,
      body: z.infer<B>,
    ) => Promise<{ row: Parameters<typeof toReminder>[0]; params: AuditDetails['params']; changes?: AuditEntry['changes'] }>,
  ) =>
    jobChange({
      path,
      summary,
      body,
      response: ZJobReminder,
      run: async (tx, request, input) => {
        const { row, params, changes } = await run(tx, request, input);
        return {
          answer: toReminder(row, row.done ? request.session!.name : null),
          log: [{ jobId: row.jobId, action: path.split('/').pop()!, details: { params }, changes }],
        };
      },
    });

  reminderRoute('/job/addReminder', 'Add a reminder to a job', ZJobReminderAddRequest, async (tx, request, body) => {
    const row = await addReminder(tx, userId(request), body);
    return { row, params: { date: row.dueDate, note: row.note } };
  });
  reminderRoute('/job/modifyReminder', 'Change a job reminder', ZJobReminderModifyRequest, async (tx, request, body) => {
    const { before, after } = await modifyReminder(tx, userId(request), body);
    const changes = diff({ dueDate: before.dueDate, note: before.note }, { dueDate: after.dueDate, note: after.note });
    return { row: after, params: { id: after.id, fields: Object.keys(changes ?? {}) }, changes };
  });
  reminderRoute(
    '/job/setReminderDone',
    'Mark a job reminder done or not done',
    ZJobReminderDoneRequest,
    async (tx, request, body) => {
      const { after } = await setReminderDone(tx, userId(request), body);
      return { row: after, params: { id: after.id, done: body.done ? 'reminder_done' : 'reminder_open', note: after.note } };
    },
  );

  jobChange({
    path: '/job/removeReminder',
    summary: 'Remove a job reminder',
    body: ZId,
    response: ZNull,
    run: async (tx, request, body) => {
      const row = await removeReminder(tx, userId(request), body.id);
      return { answer: null, log: [{ jobId: row.jobId, action: 'removeReminder', details: { params: { note: row.note } } }] };
    },
  });
}
