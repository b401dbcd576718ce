import type { FieldAction, FieldActionResult, FieldJobEvent, FieldPunch, FieldSync, FieldSyncResult } from '@tidyhouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { businessClock, businessTimeZone } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { sysUsers } from '../employees/employees.tables';
import { fieldActions, jobFieldStates } from './field.tables';
import { auditField, type FieldContext, type Outcome } from './field-context';
import { applyJobEvent } from './job-events.service';
import { wallText } from './moments';
import { applyPunch } from './punch.service';

/**
 * The field app's actions applied once (docs/business-rules.md "Field app"): each carries an
 * idempotency key; the first call claims the key in field_actions and stores the answer, a replay of
 * the key answers what the first call answered and changes nothing. A conflict is stored, flagged on
 * the job for the office, and never applied.
 */

type Ledger = typeof fieldActions.$inferSelect;

/** The first key of the per-cleaner advisory lock (negative: apart from the board's date-based keys). */
const FIELD_ACTIONS_LOCK = -21;

function answerOf(
  row: Pick<Ledger, 'key' | 'status' | 'messageKey' | 'messageParams' | 'punchId'>,
  request: FastifyRequest,
): FieldActionResult {
  return {
    key: row.key,
    status: row.status,
    ...(row.messageKey ? { message: translate(request.answerLocale, row.messageKey, row.messageParams ?? {}) } : {}),
    ...(row.punchId !== null ? { punchId: row.punchId } : {}),
  };
}

async function flagConflict(ctx: FieldContext, outcome: Outcome, kind: string, at: Date, reference?: string) {
  if (outcome.jobId) {
    await ctx.tx
      .insert(jobFieldStates)
      .values({ jobId: outcome.jobId, conflictAt: ctx.now, createdBy: ctx.userId, updatedBy: ctx.userId })
      .onConflictDoUpdate({
        target: jobFieldStates.jobId,
        set: { conflictAt: ctx.now, updatedAt: ctx.now, updatedBy: ctx.userId },
      });
  }
  await auditField(ctx, 'fieldConflict', {
    kind: `field_${kind}`,
    time: wallText(at, ctx.timeZone),
    ...(reference ? { reference } : {}),
  });
}

/**
 * Applies one action in its own transaction. `direct` (the /field/punch and /field/jobEvent calls):
 * a refusal is the call's answer (10010, 10003…) and nothing is kept; `sync`: a refusal is this
 * action's answer, kept under its key like the others.
 */
export async function runFieldAction(
  db: Db,
  request: FastifyRequest,
  action: ({ type: 'punch' } & FieldPunch) | ({ type: 'jobEvent' } & FieldJobEvent),
  mode: 'direct' | 'sync',
): Promise<FieldActionResult> {
  const userId = request.session!.userId;
  const at = new Date(action.at);
  return db.transaction(async (tx) => {
    // One cleaner's actions one at a time: two taps sent at once (two keys) must not both open a shift.
    await tx.execute(sql`select pg_advisory_xact_lock(${FIELD_ACTIONS_LOCK}, ${userId}::int)`);
    // Claiming the key first: a concurrent call with the same key waits here, then reads this answer.
    const [claimed] = await tx
      .insert(fieldActions)
      .values({ userId, key: action.key, type: action.type, kind: action.kind, recordedAt: at, status: 'applied' })
      .onConflictDoNothing()
      .returning({ id: fieldActions.id });
    if (!claimed) {
      const [stored] = await tx
        .select()
        .from(fieldActions)
        .where(and(eq(fieldActions.userId, userId), eq(fieldActions.key, action.key)));
      return answerOf(stored!, request);
    }
    const [user] = await tx
      .select({ name: sysUsers.name })
      .from(sysUsers)
      .where(and(eq(sysUsers.id, userId), isNull(sysUsers.deletedAt)));
    const ctx: FieldContext = {
      tx,
      request,
      userId,
      name: user?.name ?? '',
      now: businessClock.now(),
      timeZone: await businessTimeZone(tx),
    };
    let outcome: Outcome | null = null;
    let refusal: AppError | null = null;
    try {
      // A savepoint: a refusal undoes the action's own writes, never the claimed key.
      outcome = await tx.transaction((savepoint) => {
        const inner = { ...ctx, tx: savepoint };
        return action.type === 'punch' ? applyPunch(inner, action) : applyJobEvent(inner, action);
      });
    } catch (error) {
      if (!(error instanceof AppError) || mode === 'direct') throw error;
      refusal = error;
    }
    const row = {
      key: action.key,
      status: outcome?.status ?? ('refused' as const),
      messageKey: outcome?.message?.key ?? refusal?.messageKey ?? null,
      messageParams: outcome?.message?.params ?? (refusal ? refusal.params : null),
      punchId: outcome?.punchId ?? null,
    };
    await tx
      .update(fieldActions)
      .set({ ...row, workDate: outcome?.workDate ?? null, jobId: outcome?.jobId ?? null })
      .where(eq(fieldActions.id, claimed.id));
    if (outcome?.status === 'conflict') {
      const reference = outcome.message?.params.reference;
      await flagConflict(ctx, outcome, action.kind, at, typeof reference === 'string' ? reference : undefined);
    }
    return answerOf(row, request);
  });
}

/** `/field/sync`: the phone's queue in order, each action on its own (one refused does not stop the rest). */
export async function syncFieldActions(db: Db, request: FastifyRequest, input: FieldSync): Promise<FieldSyncResult> {
  const results: FieldActionResult[] = [];
  for (const action of input.actions as FieldAction[]) results.push(await runFieldAction(db, request, action, 'sync'));
  return { results };
}
