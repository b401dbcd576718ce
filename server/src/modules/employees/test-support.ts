import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@tidyhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { roles } from '../system/system.tables';
import { demoAvatarPng } from './demo-avatar';
import { employeeLeaves, employeePayRates, employeeRemarks } from './employee-records.tables';
import { skills, sysUsers, teamOutages, teams } from './employees.tables';

/** Look-ups of seeded demo records for tests and endpoint rows (tests only). */
export const userOf = async (t: TestApp, uname: string) => {
  const [row] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, uname));
  if (!row) throw new Error(`no user ${uname}`);
  return row;
};
export const userIdOf = async (t: TestApp, uname: string) => (await userOf(t, uname)).id;
export const userRef = async (t: TestApp, uname: string) => {
  const u = await userOf(t, uname);
  return { id: u.id, version: u.version };
};
export const roleIdOf = async (t: TestApp, code: string) => (await t.db.select().from(roles).where(eq(roles.code, code)))[0]!.id;
export const teamOf = async (t: TestApp, name: string) => (await t.db.select().from(teams).where(eq(teams.name, name)))[0]!;
export const skillOf = async (t: TestApp, nameEn: string) =>
  (await t.db.select().from(skills).where(eq(skills.nameEn, nameEn)))[0]!;
export const ratesOf = async (t: TestApp, uname: string) =>
  t.db
    .select()
    .from(employeePayRates)
    .where(and(eq(employeePayRates.userId, await userIdOf(t, uname)), isNull(employeePayRates.deletedAt)))
    .orderBy(asc(employeePayRates.effectiveFrom));
export const remarksOf = async (t: TestApp, uname: string) =>
  t.db
    .select()
    .from(employeeRemarks)
    .where(and(eq(employeeRemarks.userId, await userIdOf(t, uname)), isNull(employeeRemarks.deletedAt)))
    .orderBy(asc(employeeRemarks.id));
export const leavesOf = async (t: TestApp, uname: string) =>
  t.db
    .select()
    .from(employeeLeaves)
    .where(and(eq(employeeLeaves.userId, await userIdOf(t, uname)), isNull(employeeLeaves.deletedAt)))
    .orderBy(asc(employeeLeaves.startDate));
export const outagesOf = async (t: TestApp, team: string) =>
  t.db
    .select()
    .from(teamOutages)
    .where(eq(teamOutages.teamId, (await teamOf(t, team)).id));

/** Today in the (default) business time zone, and days from it. */
export const today = () => todayIn(DEFAULT_TIME_ZONE);
export const daysFromToday = (days: number) => addDays(today(), days);

export const pngDataUrl = (rgb: [number, number, number] = [200, 30, 30]) =>
  `data:image/png;base64,${demoAvatarPng(rgb, 16).toString('base64')}`;
