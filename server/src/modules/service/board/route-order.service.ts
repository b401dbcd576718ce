import {
  type ApplyRouteOrderRequest,
  boardDuration,
  conflictsCaused,
  findConflicts,
  minutesToTime,
  type PlacedStop,
  placeRoute,
  type RouteDay,
  type RouteOrderApplied,
  type RouteOrderRequest,
  type RouteOrderSuggestion,
  type RouteStopView,
  type ScheduleConflict,
  type ScheduleDay,
  suggestRouteOrder,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { type Db, queryRows } from '../../../platform/database';
import { conflict, refused } from '../../../platform/errors';
import { assertDaysOpen } from '../../office/day-lock';
import { teamMembersOn } from '../assignments/day-teams';
import { invalid } from '../jobs/job-lines';
import { boardSettings, leaveMinutesOn, leavesOnDay, plannedOf } from './board.query';
import { lockTeamDays } from './board.service';
import { ON_ROUTE_SQL, recomputeDrives } from './drive';
import { zipCentroid } from './zip-centroids';

interface RouteJob {
  id: number;
  version: number;
  reference: string;
  status: string;
  customerName: string;
  zip: string;
  startMinutes: number;
  durationMinutes: number;
  plannedMinutes: number | null;
  quotedMinutes: number;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
}

/** A team's day as the route order and the conflict check read it. */
interface TeamRoute {
  team: { id: number; name: string };
  date: string;
  /** Jobs in the current order, each with its length on the board that day. */
  jobs: (RouteJob & { length: number })[];
  route: RouteDay;
  schedule: Omit<ScheduleDay, 'jobs'>;
  leaveNames: Map<number, string>;
}

async function loadTeamRoute(db: Db, teamId: number, date: string, forUpdate = false): Promise<TeamRoute> {
  const [team] = await queryRows<{ id: number; name: string; out: boolean }>(
    db,
    sql`select t.id, t.name, exists (select 1 from team_outages o where o.team_id = t.id
               and o.start_date <= ${date} and o.end_date >= ${date}) as out
        from teams t where t.id = ${teamId} and t.deleted_at is null`,
  );
  if (!team) throw invalid('teamId', 'jobs.teamUnknown', { id: teamId });
  const [settings, crews, leaves, rows] = await Promise.all([
    boardSettings(db),
    teamMembersOn(db, date, date),
    leavesOnDay(db, date, teamId),
    queryRows<RouteJob>(
      db,
      sql`select j.id, j.version, j.reference, j.status, c.name as "customerName", l.zip,
                 j.start_minutes as "startMinutes", j.duration_minutes as "durationMinutes",
                 j.planned_minutes as "plannedMinutes", j.quoted_minutes as "quotedMinutes",
                 j.window_start_minutes as "windowStartMinutes", j.window_end_minutes as "windowEndMinutes"
          from jobs j join customers c on c.id = j.customer_id join customer_locations l on l.id = j.location_id
          where j.team_id = ${teamId} and j.service_date = ${date} and j.status in (${ON_ROUTE_SQL})
          order by j.start_minutes, j.id ${forUpdate ? sql`for update of j` : sql``}`,
    ),
  ]);
  const members = crews.get(date)?.get(teamId)?.length ?? 0;
  const jobs = rows.map((j) => ({ ...j, length: boardDuration(plannedOf(j), members, j.durationMinutes) }));
  const spans = leaves.map((l) => ({ userId: l.userId, ...leaveMinutesOn(l, date) }));
  return {
    team: { id: team.id, name: team.name },
    date,
    jobs,
    route: {
      office: zipCentroid(settings.officeZip),
      stops: jobs.map((j) => ({
        id: j.id,
        location: zipCentroid(j.zip),
        startMinutes: j.startMinutes,
        durationMinutes: j.length,
        windowStartMinutes: j.windowStartMinutes,
        windowEndMinutes: j.windowEndMinutes,
      })),
      closingMinutes: settings.closingMinutes,
      slotMinutes: 15,
      leaves: spans.map((s) => ({ fromMinutes: s.from, toMinutes: s.to })),
    },
    schedule: {
      date,
      openingMinutes: settings.openingMinutes,
      closingMinutes: settings.closingMinutes,
      teams: [{ id: team.id, members, out: team.out }],
      leaves: spans.map((s) => ({ teamId: team.id, userId: s.userId, fromMinutes: s.from, toMinutes: s.to })),
    },
    leaveNames: new Map(leaves.map((l) => [l.userId, l.name])),
  };
}

/** Only a day of scheduled jobs is re-ordered (a started or finished job stays where it was). */
function assertAllScheduled(r: TeamRoute) {
  const fixed = r.jobs.find((j) => j.status !== 'scheduled');
  if (fixed) throw refused('board.routeFixed', { reference: fixed.reference, status: `jobs.status.${fixed.status}` });
}

function viewOf(r: TeamRoute, stops: readonly PlacedStop[]): RouteStopView[] {
  const byId = new Map(r.jobs.map((j) => [j.id, j]));
  return stops.map((s) => {
    const j = byId.get(s.id)!;
    return {
      id: j.id,
      version: j.version,
      reference: j.reference,
      customerName: j.customerName,
      zip: j.zip,
      startMinutes: s.startMinutes,
      durationMinutes: s.durationMinutes,
      windowStartMinutes: j.windowStartMinutes,
      windowEndMinutes: j.windowEndMinutes,
      driveMinutes: s.driveMinutes,
    };
  });
}

/** `/jhSchedule/suggestOrder`: the order of the team's day that drives least (nothing is saved). */
export async function suggestOrder(db: Db, body: RouteOrderRequest): Promise<RouteOrderSuggestion> {
  const r = await loadTeamRoute(db, body.teamId, body.date);
  assertAllScheduled(r);
  const s = suggestRouteOrder(r.route);
  return {
    teamId: r.team.id,
    teamName: r.team.name,
    date: r.date,
    current: viewOf(r, s.current),
    suggested: viewOf(r, s.suggested),
    currentDriveMinutes: s.currentDriveMinutes,
    suggestedDriveMinutes: s.suggestedDriveMinutes,
    savingMinutes: s.savingMinutes,
    changed: s.suggested.some((x, i) => x.id !== s.current[i]!.id),
    exact: s.exact,
  };
}

const scheduleOf = (r: TeamRoute, stops: readonly PlacedStop[]): ScheduleDay => {
  const byId = new Map(r.jobs.map((j) => [j.id, j]));
  return {
    ...r.schedule,
    jobs: stops.map((s) => ({
      id: s.id,
      teamId: r.team.id,
      startMinutes: s.startMinutes,
      wallMinutes: s.durationMinutes,
      windowStartMinutes: byId.get(s.id)!.windowStartMinutes,
      windowEndMinutes: byId.get(s.id)!.windowEndMinutes,
    })),
  };
};

/** The refusal naming the first conflict the new order would cause, in the caller's words. */
function refusalOf(r: TeamRoute, caused: ScheduleConflict, stops: readonly PlacedStop[]) {
  const placed = stops.find((s) => s.id === caused.jobIds[0])!;
  const job = r.jobs.find((j) => j.id === placed.id)!;
  const span = {
    reference: job.reference,
    from: minutesToTime(placed.startMinutes),
    to: minutesToTime(Math.min(1440, placed.startMinutes + placed.durationMinutes)),
  };
  switch (caused.kind) {
    case 'beyondArrivalWindow':
      return refused('board.routeWindow', {
        ...span,
        windowFrom: job.windowStartMinutes === null ? '' : minutesToTime(job.windowStartMinutes),
        windowTo: job.windowEndMinutes === null ? '' : minutesToTime(job.windowEndMinutes),
      });
    case 'outsideTeamHours':
      return refused('board.routeHours', { ...span, closing: minutesToTime(r.schedule.closingMinutes) });
    case 'memberOnLeave':
      return refused('board.routeLeave', { ...span, name: r.leaveNames.get(caused.userId ?? 0) ?? '' });
    default:
      return refused('board.routeOverlap', span);
  }
}

/**
 * `/jhSchedule/applyOrder`: the team's jobs in the given order, one after another from the day's first
 * start with the drive between (contract placeRoute), each keeping its length; one audited change.
 * Refused when the jobs or their versions changed since the suggestion (10009), or when the order
 * would cause a schedule conflict the current order does not have (contract findConflicts).
 */
export async function applyOrder(tx: Db, request: FastifyRequest, body: ApplyRouteOrderRequest): Promise<RouteOrderApplied> {
  await lockTeamDays(tx, [{ teamId: body.teamId, date: body.date }]);
  await assertDaysOpen(tx, [body.date]);
  const r = await loadTeamRoute(tx, body.teamId, body.date, true);
  const versions = new Map(r.jobs.map((j) => [j.id, j.version]));
  const same =
    body.jobs.length === r.jobs.length &&
    new Set(body.jobs.map((j) => j.id)).size === body.jobs.length &&
    body.jobs.every((j) => versions.get(j.id) === j.version);
  if (!same) throw conflict('board.routeChanged', { team: r.team.name, date: r.date });
  assertAllScheduled(r);
  const ids = body.jobs.map((j) => j.id);
  const current = placeRoute(
    r.route,
    r.jobs.map((j) => j.id),
    { strict: false },
  )!;
  const next = placeRoute(r.route, ids, { strict: false })!;
  const caused = conflictsCaused(
    findConflicts(
      scheduleOf(
        r,
        r.jobs.map((j) => ({ id: j.id, startMinutes: j.startMinutes, durationMinutes: j.length, driveMinutes: null })),
      ),
    ),
    findConflicts(scheduleOf(r, next.stops)),
  );
  if (caused.length > 0) throw refusalOf(r, caused[0]!, next.stops);

  const byId = new Map(r.jobs.map((j) => [j.id, j]));
  const moved = next.stops.filter((s) => byId.get(s.id)!.startMinutes !== s.startMinutes);
  if (moved.length > 0) {
    const values = sql.join(
      moved.map((s) => sql`(${s.id}::int, ${s.startMinutes}::int, ${s.durationMinutes}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update jobs set start_minutes = v.start, duration_minutes = v.length, version = jobs.version + 1,
             moved_by_hand = jobs.moved_by_hand or jobs.plan_id is not null,
             updated_at = now(), updated_by = ${request.session!.userId}
      from (values ${values}) as v(id, start, length) where jobs.id = v.id`);
    await recomputeDrives(tx, [{ teamId: r.team.id, date: r.date }]);
  }
  const order = next.stops.map((s) => `${byId.get(s.id)!.reference} ${minutesToTime(s.startMinutes)}`);
  const saving = current.driveMinutes - next.driveMinutes;
  await audit(tx, request, {
    module: 'service',
    action: 'modify',
    recordType: 'team',
    recordId: r.team.id,
    details: {
      key: 'board.routeOrder',
      params: { team: r.team.name, date: r.date, order: order.join(', '), from: current.driveMinutes, to: next.driveMinutes },
    },
    // One field for the whole day (a field per job reference would have no title in the log).
    changes: {
      routeOrder: {
        from: r.jobs.map((j) => `${j.reference} ${minutesToTime(j.startMinutes)}`).join(', '),
        to: order.join(', '),
      },
    },
  });
  const fresh = await queryRows<{ id: number; version: number }>(
    tx,
    sql`select id, version from jobs where id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  const version = new Map(fresh.map((f) => [f.id, f.version]));
  return {
    teamId: r.team.id,
    date: r.date,
    jobs: next.stops.map((s) => ({
      id: s.id,
      version: version.get(s.id)!,
      startMinutes: s.startMinutes,
      durationMinutes: s.durationMinutes,
    })),
    driveMinutes: next.driveMinutes,
    savingMinutes: saving,
  };
}
