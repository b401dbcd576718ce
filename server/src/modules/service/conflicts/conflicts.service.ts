import type { ChecklistItem, ConflictAckRequest, Locale } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { sysUsers } from '../../employees/employees.tables';
import { conflictsBetween, describeConflict } from './conflicts.query';
import { scheduleConflictAcks } from './conflicts.tables';

/** The day's conflicts as Start of Day rows: acknowledged ones keep who and when; the others block. */
export async function conflictRows(db: Db, date: string, locale: Locale): Promise<ChecklistItem> {
  const found = await conflictsBetween(db, date, date);
  const acks = await acknowledgementsOn(db, date);
  const rows = found.conflicts.map((c) => {
    const ack = acks.get(c.key);
    return {
      label: describeConflict(locale, c, found.names).message,
      link: `/service/schedule?date=${date}`,
      conflictKey: c.key,
      ...(ack ? { acknowledgedBy: ack.by, acknowledgedAt: ack.at.toISOString() } : {}),
    };
  });
  const open = rows.filter((r) => r.acknowledgedAt === undefined).length;
  return { key: 'scheduleConflicts', ok: open === 0, count: open, rows };
}

/**
 * Start of Day: the office accepts one conflict of the day (issue 20). It stays listed; the checklist
 * item no longer waits for it. Only a conflict the day has now can be acknowledged.
 */
export async function acknowledgeConflict(tx: Db, request: FastifyRequest, body: ConflictAckRequest) {
  const found = await conflictsBetween(tx, body.date, body.date);
  const conflict = found.conflicts.find((c) => c.key === body.key);
  if (!conflict) throw refused('conflicts.unknown', { date: body.date });
  const [done] = await tx
    .select()
    .from(scheduleConflictAcks)
    .where(and(eq(scheduleConflictAcks.serviceDate, body.date), eq(scheduleConflictAcks.conflictKey, body.key)));
  if (done) return { date: body.date, key: body.key };
  await tx
    .insert(scheduleConflictAcks)
    .values({ serviceDate: body.date, conflictKey: body.key, acknowledgedBy: request.session!.userId });
  const references = conflict.jobIds.map((id) => found.names.jobs.get(id)?.reference ?? `#${id}`).join(', ');
  await audit(tx, request, {
    module: 'office',
    action: 'acknowledgeConflict',
    recordType: 'job',
    recordId: conflict.jobIds[0]!,
    details: { params: { date: body.date, references, team: found.names.teams.get(conflict.teamId) ?? '' } },
  });
  return { date: body.date, key: body.key };
}

/** Acknowledgements of a day: conflict key → who and when. */
export async function acknowledgementsOn(db: Db, date: string) {
  const rows = await db
    .select({ key: scheduleConflictAcks.conflictKey, by: sysUsers.name, at: scheduleConflictAcks.acknowledgedAt })
    .from(scheduleConflictAcks)
    .innerJoin(sysUsers, eq(sysUsers.id, scheduleConflictAcks.acknowledgedBy))
    .where(eq(scheduleConflictAcks.serviceDate, date));
  return new Map(rows.map((r) => [r.key, r]));
}
