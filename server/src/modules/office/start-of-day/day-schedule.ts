import { jobLengthOf, jobLengthText, type Locale, minutesToTime } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../../platform/pdf';
import type { Secrets } from '../../../platform/secrets';
import { type DayMember, teamMembersOn } from '../../service/assignments/day-teams';
import { conflictsBetween, describeConflict } from '../../service/conflicts/conflicts.query';

/**
 * `/derive/dayDerive`: the daily schedule the teams take with them, one section (page) per team:
 * the date, team, members and vehicle, then its jobs in order. Alarm and gate codes are printed
 * only for a caller allowed to reveal them; the route logs every such print.
 */

const TEXT = {
  en: {
    title: 'Daily schedule',
    team: 'Team',
    members: 'Members',
    vehicle: 'Vehicle',
    jobs: 'Jobs',
    start: 'Start',
    minutes: 'Min',
    customer: 'Customer / address',
    zone: 'Zone',
    key: 'Key',
    drive: 'Drive',
    directions: 'Directions',
    notes: 'Notes',
    alarm: 'Alarm code',
    gate: 'Gate code',
    none: 'No jobs for any team on this day.',
    fileName: 'Daily schedule',
    minutesUnit: 'min',
    conflict: 'Conflict',
    onLeave: 'on leave',
  },
  zh: {
    title: '每日工作安排',
    team: '团队',
    members: '成员',
    vehicle: '车辆',
    jobs: '工单',
    start: '开始',
    minutes: '分钟',
    customer: '客户 / 地址',
    zone: '区域',
    key: '钥匙',
    drive: '路程',
    directions: '路线说明',
    notes: '备注',
    alarm: '警报密码',
    gate: '门禁密码',
    none: '当天没有任何团队的工单。',
    fileName: '每日工作安排',
    minutesUnit: '分钟',
    conflict: '冲突',
    onLeave: '请假',
  },
} as const;

interface ScheduleJob {
  id: number;
  reference: string;
  team_id: number;
  team_name: string;
  vehicle: string;
  start_minutes: number;
  duration_minutes: number;
  planned_minutes: number | null;
  quoted_minutes: number;
  drive_minutes: number | null;
  customer_name: string;
  address: string;
  zone_name: string | null;
  access_notes: string;
  travel_directions: string | null;
  note_directions: string | null;
  notes: string;
  key_tag: string;
  alarm_code: string | null;
  gate_code: string | null;
}

export interface DaySchedule {
  pdf: Buffer;
  fileName: string;
  /** How many jobs' codes were printed (0 when the caller may not see codes). */
  codesPrinted: number;
  jobCount: number;
}

export async function daySchedule(
  db: Db,
  secrets: Secrets,
  opts: { date: string; locale: Locale; withCodes: boolean },
): Promise<DaySchedule> {
  const text = TEXT[opts.locale];
  const jobs = await queryRows<ScheduleJob>(
    db,
    sql`select j.id, j.reference, j.team_id, t.name as team_name, t.vehicle, j.start_minutes, j.duration_minutes,
               j.planned_minutes, j.quoted_minutes,
               j.drive_minutes, c.name as customer_name,
               concat_ws(', ', nullif(concat_ws(' ', l.address1, nullif(l.address2, '')), ''), l.city, l.zip) as address,
               z.name as zone_name, l.access_notes, p.travel_directions, p.note_directions, j.notes, l.key_tag,
               l.alarm_code_encrypted as alarm_code, l.gate_code_encrypted as gate_code
          from jobs j
          join teams t on t.id = j.team_id
          join customers c on c.id = j.customer_id
          join customer_locations l on l.id = j.location_id
          left join zones z on z.id = j.zone_id
          left join customer_preferences p on p.customer_id = j.customer_id
         where j.service_date = ${opts.date} and j.status not in ('cancelled', 'unscheduled')
           and j.team_id is not null and j.start_minutes is not null
         order by t.name, t.id, j.start_minutes, j.id`,
  );
  const members = (await teamMembersOn(db, opts.date, opts.date)).get(opts.date) ?? new Map();
  const found = await conflictsBetween(db, opts.date, opts.date);
  const byTeam = new Map<number, ScheduleJob[]>();
  for (const job of jobs) byTeam.set(job.team_id, [...(byTeam.get(job.team_id) ?? []), job]);

  const doc = createPdf({ title: `${text.title} ${opts.date}` });
  let codesPrinted = 0;
  if (byTeam.size === 0) {
    heading(doc, `${text.title} · ${opts.date}`);
    paragraph(doc, text.none);
  }
  let first = true;
  for (const [teamId, teamJobs] of byTeam) {
    if (!first) doc.addPage();
    first = false;
    const team = teamJobs[0]!;
    heading(doc, `${text.title} · ${opts.date}`);
    subtitle(doc, [`${text.team}: ${team.team_name}`]);
    const crewOfDay: DayMember[] = members.get(teamId) ?? [];
    // A member away part of the day says when, so the team knows who is missing at which job.
    const crew = crewOfDay
      .map((m) =>
        m.partLeave?.length
          ? `${m.name} (${text.onLeave} ${m.partLeave.map((l) => `${l.startTime}–${l.endTime}`).join(', ')})`
          : m.name,
      )
      .join(', ');
    // The one length (contract jobLength): the board's time on site for this day's crew.
    const lengthOf = (j: ScheduleJob) =>
      jobLengthOf(
        { plannedMinutes: j.planned_minutes, quotedMinutes: j.quoted_minutes, durationMinutes: j.duration_minutes },
        crewOfDay.length,
      );
    facts(doc, [
      [text.team, team.team_name],
      [text.members, crew],
      [text.vehicle, team.vehicle],
    ]);
    // The team's schedule conflicts of the day (the one check), as the board and Start of Day list them.
    const teamConflicts = found.conflicts.filter((c) => c.teamId === teamId);
    if (teamConflicts.length > 0) {
      facts(
        doc,
        teamConflicts.map((c): [string, string] => [text.conflict, describeConflict(opts.locale, c, found.names).message]),
        90,
      );
    }
    table(
      doc,
      [
        { title: text.start, width: 0.09 },
        { title: text.minutes, width: 0.08, align: 'right' },
        { title: text.customer, width: 0.45 },
        { title: text.zone, width: 0.14 },
        { title: text.key, width: 0.12 },
        { title: text.drive, width: 0.12, align: 'right' },
      ],
      teamJobs.map((j) => [
        minutesToTime(j.start_minutes),
        String(lengthOf(j).wallMinutes),
        `${j.reference} ${j.customer_name}\n${j.address}\n${jobLengthText(lengthOf(j), opts.locale)}`,
        j.zone_name ?? '',
        j.key_tag,
        j.drive_minutes === null ? '' : `${j.drive_minutes} ${text.minutesUnit}`,
      ]),
    );
    for (const j of teamJobs) {
      const directions = [j.travel_directions, j.note_directions, j.access_notes].filter(Boolean).join(' · ');
      const rows: [string, string][] = [];
      if (directions) rows.push([text.directions, directions]);
      if (j.notes) rows.push([text.notes, j.notes]);
      if (opts.withCodes && (j.alarm_code || j.gate_code)) {
        codesPrinted++;
        if (j.alarm_code) rows.push([text.alarm, secrets.decrypt(j.alarm_code)]);
        if (j.gate_code) rows.push([text.gate, secrets.decrypt(j.gate_code)]);
      }
      if (rows.length === 0) continue;
      paragraph(doc, `${minutesToTime(j.start_minutes)} ${j.reference} ${j.customer_name}`, { title: '' });
      facts(doc, rows, 90);
    }
  }
  return {
    pdf: await pdfBuffer(doc),
    fileName: `${text.fileName} ${opts.date}.pdf`,
    codesPrinted,
    jobCount: jobs.length,
  };
}
