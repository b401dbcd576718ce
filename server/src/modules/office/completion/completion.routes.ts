import {
  ZCompletionBulkRequest,
  ZCompletionBulkResult,
  ZCompletionConfirmed,
  ZCompletionConfirmRequest,
  ZCompletionList,
  ZOfficeDayRequest,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import type { Deps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { jobs } from '../../service/jobs/jobs.tables';
import { bulkPlan, type Confirmed, completionList, confirmJob } from './completion.service';

export const JOB_COMPLETION = '/office/completionconfirmat';

/** The log of one confirmation, against the job (its change log shows it) and the re-clean. */
async function logConfirmed(tx: Db, request: FastifyRequest, done: Confirmed, reason: string) {
  const { after } = done;
  if (after.status === 'uncompleted') {
    await audit(tx, request, {
      module: 'service',
      action: 'uncompleteJob',
      recordType: 'job',
      recordId: after.id,
      changes: { status: { from: done.before.status, to: after.status } },
      details: { params: { reference: after.reference, reason } },
    });
    return;
  }
  await audit(tx, request, {
    module: 'service',
    action: 'completeJob',
    recordType: 'job',
    recordId: after.id,
    changes: {
      status: { from: done.before.status, to: after.status },
      actualMinutes: { from: done.before.actualMinutes, to: after.actualMinutes },
    },
    details: {
      params: {
        reference: after.reference,
        minutes: after.actualMinutes ?? 0,
        tipCents: after.tipCents,
        paidCents: done.payment?.amountCents ?? 0,
        method: done.payment?.method ?? null,
      },
    },
  });
  if (done.card) {
    await audit(tx, request, {
      module: 'service',
      action: 'queueCardCharge',
      recordType: 'job',
      recordId: after.id,
      details: { params: { reference: after.reference, serial: done.card.serial, amountCents: done.card.amountCents } },
    });
  }
  if (done.reclean) {
    await audit(tx, request, {
      module: 'service',
      action: 'requestReclean',
      recordType: 'job',
      recordId: after.id,
      details: { params: { reference: after.reference, reclean: done.reclean.reference, reason } },
    });
  }
}

export async function completionRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/officeDay/completionList',
    summary: 'Every job of a date with its team, planned and punched minutes, payments and queued charges',
    permission: JOB_COMPLETION,
    body: ZOfficeDayRequest,
    response: ZCompletionList,
    handler: async (_request, body) => completionList(db, body.date ?? (await businessToday(db))),
  });

  defineRoute(app, {
    path: '/officeDay/confirmJob',
    summary: 'Confirm one job completed (minutes, tips, payment on site or a queued card charge, re-clean) or not completed',
    permission: JOB_COMPLETION,
    body: ZCompletionConfirmRequest,
    response: ZCompletionConfirmed,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const done = await confirmJob(tx, request.session!.userId, body, request.locale);
        await logConfirmed(tx, request, done, body.outcome === 'uncompleted' ? body.reason : body.recleanReason);
        return {
          id: done.after.id,
          version: done.after.version,
          status: done.after.status,
          paymentId: done.payment?.id ?? null,
          cardQueueSerial: done.card?.serial ?? null,
          recleanReference: done.reclean?.reference ?? null,
        };
      }),
  });

  defineRoute(app, {
    path: '/officeDay/bulkConfirm',
    summary: 'Confirm the chosen jobs that went as planned: a summary first, then one transaction per job',
    permission: JOB_COMPLETION,
    body: ZCompletionBulkRequest,
    response: ZCompletionBulkResult,
    handler: async (request, body) => {
      const plan = await bulkPlan(db, body.date, body.ids);
      if (!body.apply) return plan;
      const done: typeof plan.jobs = [];
      const skipped = [...plan.skipped];
      for (const job of plan.jobs) {
        // One transaction per job: a job changed meanwhile is skipped, the others still go through.
        try {
          await db.transaction(async (tx) => {
            const [current] = await tx.select({ version: jobs.version }).from(jobs).where(eq(jobs.id, job.id));
            const confirmed = await confirmJob(tx, request.session!.userId, {
              id: job.id,
              version: current!.version,
              outcome: 'completed',
              actualMinutes: job.actualMinutes,
              tipCents: 0,
              payment: { method: 'none' },
              recleanReason: '',
            });
            await logConfirmed(tx, request, confirmed, '');
          });
          done.push(job);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skipped.push({ id: job.id, reference: job.reference, status: error.messageKey });
        }
      }
      return { applied: true, jobs: done, skipped, totalMinutes: done.reduce((sum, j) => sum + j.actualMinutes, 0) };
    },
  });
}
