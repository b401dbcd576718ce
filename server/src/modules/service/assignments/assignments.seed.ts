import { addDays } from '@tidyhouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { sysUsers, teams } from '../../employees/employees.tables';
import { assignmentDays, dayAssignments } from './assignments.tables';
import { type DayMember, daysBetween, teamMembersOn } from './day-teams';

/** The demo's cover: the new hire stands in on Team Ocean (the employee seed's notes say so). */
const COVER = 'hong.liu';
const TEAM = 'Team Ocean';
const LEADER_OF_THE_DAY = 'grace.huang';

/**
 * Demo daily assignments: today the new hire shadows Team Ocean; during Mei Lin's vacation (12 to
 * 16 days ahead, seeded leave) she covers on Team Ocean, whose leader of the day is Grace Huang.
 * A few inserts: the days start from the standing teams as `teamMembersOn` computes them.
 */
export async function seedDemoAssignments(db: Db, today: string): Promise<void> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, TEAM));
  const people = await db
    .select({ id: sysUsers.id, uname: sysUsers.uname })
    .from(sysUsers)
    .where(inArray(sysUsers.uname, [COVER, LEADER_OF_THE_DAY]));
  const idOf = (uname: string) => people.find((p) => p.uname === uname)?.id;
  const cover = idOf(COVER);
  const leader = idOf(LEADER_OF_THE_DAY);
  if (!team || !cover || !leader) return;

  const vacation = daysBetween(addDays(today, 12), addDays(today, 16));
  const days = [today, ...vacation];
  const standing = await teamMembersOn(db, today, vacation.at(-1)!);
  await db.insert(assignmentDays).values(days.map((serviceDate) => ({ serviceDate })));
  const rows = days.flatMap((serviceDate) =>
    [...(standing.get(serviceDate) ?? new Map<number, DayMember[]>()).entries()].flatMap(([teamId, members]) =>
      members.map((m) => ({ serviceDate, teamId, userId: m.userId, isLeader: m.leader })),
    ),
  );
  rows.push(...days.map((serviceDate) => ({ serviceDate, teamId: team.id, userId: cover, isLeader: false })));
  await db.insert(dayAssignments).values(rows);
  // Ocean's standing leader is the one on vacation: Grace Huang leads those days.
  await db
    .update(dayAssignments)
    .set({ isLeader: true })
    .where(and(inArray(dayAssignments.serviceDate, vacation), eq(dayAssignments.userId, leader)));
}
