import {
  Code,
  type FieldDay,
  type FieldDayInput,
  type FieldJob,
  type JobImageKind,
  jobLengthOf,
  type Locale,
  minutesToTime,
} from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/request-context';
import { customerLocations, customerPreferences, customers } from '../customers/customers.tables';
import { teams } from '../employees/employees.tables';
import { jobImages, jobLines, jobs } from '../service/jobs/jobs.tables';
import { clockOf } from './clock.query';
import { jobFieldStates } from './field.tables';
import { fieldStateOf } from './field-state';
import { crewOf, crewOfTeam, type FieldCrew, fieldDates } from './scope';

/**
 * `/field/myDay`: the crew's jobs of a day in the day's order, with what the crew needs at the door and
 * nothing else: no price, pay, card data or other customers (docs/business-rules.md "Field app").
 */

/** Lines a crew works from: the pricing lines' items and add-ons (the base price and fees are money only). */
const CHECKLIST_KINDS = ['item', 'addon'] as const;

const joinText = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n');

export async function myDay(db: Db, session: SessionContext, input: FieldDayInput, locale: Locale, now: Date): Promise<FieldDay> {
  const { today, tomorrow } = await fieldDates(db);
  const date = input.date ?? today;
  if (date !== today && date !== tomorrow) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
  // A cleaner sees their own crew; only an office user may name the team to look at.
  if (input.teamId !== undefined && session.fieldOnly) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
  const crew = input.teamId !== undefined ? await crewOfTeam(db, input.teamId, date) : await crewOf(db, session.userId, date);
  const [team] = crew
    ? await db.select({ id: teams.id, name: teams.name, color: teams.color }).from(teams).where(eq(teams.id, crew.teamId))
    : [];
  const leader = crew?.members.find((m) => m.leader);
  const clock = await clockOf(db, session.userId, today, now);
  return {
    date,
    readOnly: date !== today,
    user: { id: session.userId, name: session.name },
    team: team ? { ...team, leaderName: leader?.name ?? null } : null,
    clock,
    jobs: team && crew ? await crewJobs(db, crew, date, locale, date === today && clock.clockedIn) : [],
  };
}

async function crewJobs(db: Db, crew: FieldCrew, date: string, locale: Locale, clockedIn: boolean): Promise<FieldJob[]> {
  const rows = await db
    .select({
      job: {
        id: jobs.id,
        reference: jobs.reference,
        status: jobs.status,
        windowStartMinutes: jobs.windowStartMinutes,
        windowEndMinutes: jobs.windowEndMinutes,
        startMinutes: jobs.startMinutes,
        plannedMinutes: jobs.plannedMinutes,
        quotedMinutes: jobs.quotedMinutes,
        durationMinutes: jobs.durationMinutes,
        notes: jobs.notes,
      },
      customerName: customers.name,
      phone: customerLocations.contactPhone,
      customerPhone: customers.phone1,
      location: {
        address1: customerLocations.address1,
        address2: customerLocations.address2,
        city: customerLocations.city,
        state: customerLocations.state,
        zip: customerLocations.zip,
        accessNotes: customerLocations.accessNotes,
        hasKey: sql<boolean>`${customerLocations.keyCodeEncrypted} is not null`,
        hasAlarm: sql<boolean>`${customerLocations.alarmCodeEncrypted} is not null`,
        hasGate: sql<boolean>`${customerLocations.gateCodeEncrypted} is not null`,
      },
      prefs: {
        noteDirections: customerPreferences.noteDirections,
        travelDirections: customerPreferences.travelDirections,
        healthConcern: customerPreferences.healthConcern,
      },
      field: {
        checkedInAt: jobFieldStates.checkedInAt,
        checkedOutAt: jobFieldStates.checkedOutAt,
        doneAt: jobFieldStates.doneAt,
      },
      checklistDone: jobFieldStates.checklist,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(customerPreferences, eq(customerPreferences.customerId, jobs.customerId))
    .leftJoin(jobFieldStates, eq(jobFieldStates.jobId, jobs.id))
    .where(and(eq(jobs.teamId, crew.teamId), eq(jobs.serviceDate, date), notInArray(jobs.status, ['unscheduled', 'cancelled'])))
    .orderBy(sql`${jobs.startMinutes} asc nulls last`, sql`${jobs.windowStartMinutes} asc nulls last`, asc(jobs.reference));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.job.id);
  const lines = await db
    .select({
      id: jobLines.id,
      jobId: jobLines.jobId,
      nameEn: jobLines.nameEn,
      nameZh: jobLines.nameZh,
      quantity: jobLines.quantity,
    })
    .from(jobLines)
    .where(and(inArray(jobLines.jobId, ids), inArray(jobLines.kind, [...CHECKLIST_KINDS])))
    .orderBy(asc(jobLines.sortOrder), asc(jobLines.id));
  const photos = await db
    .select({ id: jobImages.id, jobId: jobImages.jobId, kind: jobImages.kind })
    .from(jobImages)
    .where(and(inArray(jobImages.jobId, ids), isNull(jobImages.deletedAt)))
    .orderBy(asc(jobImages.id));

  const members = crew.members.length;
  // The crew is on its way to a job not yet started once the one before it is over (the first: once clocked in).
  let previousOver = false;
  return rows.map((r, index) => {
    const fieldState = fieldStateOf(r.field ?? undefined, index === 0 ? clockedIn : previousOver);
    previousOver = fieldState === 'done';
    const l = r.location;
    const address = [joinText(l.address1, l.address2).replace('\n', ' '), l.city, `${l.state} ${l.zip}`.trim()]
      .filter(Boolean)
      .join(', ');
    const done = r.checklistDone ?? {};
    const phone = r.phone || r.customerPhone;
    return {
      id: r.job.id,
      reference: r.job.reference,
      status: r.job.status,
      fieldState,
      windowFrom: r.job.windowStartMinutes === null ? null : minutesToTime(r.job.windowStartMinutes),
      windowTo: r.job.windowEndMinutes === null ? null : minutesToTime(r.job.windowEndMinutes),
      startMinutes: r.job.startMinutes,
      length: jobLengthOf(r.job, members),
      customerName: r.customerName,
      address,
      mapsQuery: address,
      ...(phone ? { phone } : {}),
      houseNotes: joinText(l.accessNotes, r.prefs?.travelDirections ?? ''),
      preferences: r.prefs?.noteDirections ?? '',
      pets: r.prefs?.healthConcern ?? '',
      hasCodes: { key: l.hasKey === true, alarm: l.hasAlarm === true, gate: l.hasGate === true },
      checklist: lines
        .filter((line) => line.jobId === r.job.id)
        .map((line) => {
          const id = `line-${line.id}`;
          const name = locale === 'zh' ? line.nameZh : line.nameEn;
          return { id, text: line.quantity > 1 ? `${name} × ${line.quantity}` : name, done: done[id] === true };
        }),
      photos: photos
        .filter((p) => p.jobId === r.job.id)
        .map((p) => ({ id: p.id, kind: p.kind as JobImageKind, url: `/field/image?id=${p.id}` })),
      notes: r.job.notes,
    };
  });
}
