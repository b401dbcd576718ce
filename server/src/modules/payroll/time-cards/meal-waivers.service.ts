import type { MealWaiver, MealWaiverAddRequest, MealWaiverList, MealWaiverRevokeRequest } from '@tidyhouse/contract';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { loadForUpdate } from '../../../platform/versioned';
import { sysUsers } from '../../employees/employees.tables';
import { mealWaivers, payPeriodApprovals } from './time-cards.tables';

/** Meal waivers (contract meal-waivers.ts): what an employee signed, entered and revoked by the office. */

const view = (row: typeof mealWaivers.$inferSelect): MealWaiver => ({
  id: row.id,
  version: row.version,
  userId: row.userId,
  meal: row.meal === 2 ? 2 : 1,
  signedOn: row.signedOn,
  revokedOn: row.revokedOn,
  note: row.note,
});

async function employeeName(tx: Db, userId: number): Promise<string> {
  const [user] = await tx
    .select({ name: sysUsers.name })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, userId), isNull(sysUsers.deletedAt)));
  if (!user) throw notFound('timeCards.employee');
  return user.name;
}

/**
 * A waiver changes the meal premium of every day from `date` on: refused when an approved pay period
 * of the employee ends on or after it (its pay is locked until the period is reopened).
 */
async function assertNoApprovedPeriodFrom(tx: Db, userId: number, name: string, date: string) {
  const [approved] = await tx
    .select({ start: payPeriodApprovals.periodStart, end: payPeriodApprovals.periodEnd })
    .from(payPeriodApprovals)
    .where(
      and(
        eq(payPeriodApprovals.userId, userId),
        eq(payPeriodApprovals.status, 'approved'),
        gte(payPeriodApprovals.periodEnd, date),
      ),
    )
    .orderBy(asc(payPeriodApprovals.periodStart))
    .limit(1)
    .for('share');
  if (approved) throw refused('timeCards.waiverInApprovedPeriod', { name, date, start: approved.start, end: approved.end });
}

/** /timeCard/queryMealWaivers: an employee's waivers, newest first (revoked ones too: they are the record). */
export async function queryMealWaivers(db: Db, input: { userId: number }): Promise<MealWaiverList> {
  const rows = await db
    .select()
    .from(mealWaivers)
    .where(eq(mealWaivers.userId, input.userId))
    .orderBy(desc(mealWaivers.signedOn), desc(mealWaivers.id));
  return { waivers: rows.map(view) };
}

export async function addMealWaiver(tx: Db, request: FastifyRequest, input: MealWaiverAddRequest) {
  const name = await employeeName(tx, input.userId);
  // One waiver of a meal in force at a time: the employee row is locked so two entries queue.
  await tx.execute(sql`select id from sys_users where id = ${input.userId} for update`);
  const [open] = await tx
    .select({ signedOn: mealWaivers.signedOn })
    .from(mealWaivers)
    .where(and(eq(mealWaivers.userId, input.userId), eq(mealWaivers.meal, input.meal), isNull(mealWaivers.revokedOn)));
  if (open) throw refused('timeCards.waiverExists', { name, meal: input.meal, date: open.signedOn });
  await assertNoApprovedPeriodFrom(tx, input.userId, name, input.signedOn);
  const [saved] = await tx
    .insert(mealWaivers)
    .values({
      userId: input.userId,
      meal: input.meal,
      signedOn: input.signedOn,
      note: input.note,
      createdBy: request.session!.userId,
      updatedBy: request.session!.userId,
    })
    .returning();
  await audit(tx, request, {
    module: 'timeCards',
    action: 'addMealWaiver',
    recordType: 'sysUser',
    recordId: input.userId,
    details: { params: { name, meal: input.meal, date: input.signedOn, note: input.note } },
    changes: { mealWaiverId: { from: null, to: saved!.id } },
  });
  return view(saved!);
}

export async function revokeMealWaiver(tx: Db, request: FastifyRequest, input: MealWaiverRevokeRequest) {
  const waiver = await loadForUpdate(tx, mealWaivers, input.id, 'timeCards.mealWaiver');
  if (waiver.version !== input.version) throw conflict();
  const name = await employeeName(tx, waiver.userId);
  if (waiver.revokedOn !== null) throw refused('timeCards.waiverRevoked', { name, date: waiver.revokedOn });
  if (input.revokedOn <= waiver.signedOn) {
    throw refused('timeCards.waiverRevokedBeforeSigned', { date: input.revokedOn, signedOn: waiver.signedOn });
  }
  await assertNoApprovedPeriodFrom(tx, waiver.userId, name, input.revokedOn);
  const [saved] = await tx
    .update(mealWaivers)
    .set({
      revokedOn: input.revokedOn,
      version: waiver.version + 1,
      updatedAt: new Date(),
      updatedBy: request.session!.userId,
    })
    .where(eq(mealWaivers.id, waiver.id))
    .returning();
  await audit(tx, request, {
    module: 'timeCards',
    action: 'revokeMealWaiver',
    recordType: 'sysUser',
    recordId: waiver.userId,
    details: { params: { name, meal: waiver.meal, signedOn: waiver.signedOn, date: input.revokedOn } },
    changes: { revokedOn: { from: null, to: input.revokedOn } },
  });
  return view(saved!);
}
