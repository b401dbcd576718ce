import type {
  EmployeeDetail,
  EmployeeListItem,
  EmployeeListRequest,
  ListResponse,
  Locale,
  RoleOption,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, toListResponse, totalCount } from '../../platform/list';
import { roles } from '../system/system.tables';
import { employeePhotos, employeeSkills, skills, sysUsers, teamMembers, teams } from './employees.tables';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The role name column in the caller's language. */
export const roleNameIn = (locale: Locale) => (locale === 'zh' ? roles.nameZh : roles.nameEn);

const listColumns = (locale: Locale) => ({
  id: sysUsers.id,
  uname: sysUsers.uname,
  name: sysUsers.name,
  employeeNo: sysUsers.employeeNo,
  phone: sysUsers.phone,
  email: sysUsers.email,
  roleId: sysUsers.roleId,
  roleCode: roles.code,
  roleName: roleNameIn(locale),
  teamId: teams.id,
  teamName: teams.name,
  teamColor: teams.color,
  teamTextColor: teams.textColor,
  isLeader: teamMembers.isLeader,
  location: sysUsers.location,
  hireDate: sysUsers.hireDate,
  terminatedOn: sysUsers.terminatedOn,
  lastLoginAt: sysUsers.lastLoginAt,
  status: sysUsers.status,
  accountStatus: sysUsers.accountStatus,
  enabled: sysUsers.enabled,
  photoTag: employeePhotos.tag,
  version: sysUsers.version,
});

type ListRow = { [K in keyof ReturnType<typeof listColumns>]: ReturnType<typeof listColumns>[K]['_']['data'] } & {
  teamId: number | null;
  teamName: string | null;
  teamColor: string | null;
  teamTextColor: string | null;
  isLeader: boolean | null;
  photoTag: string | null;
};

const toListItem = (row: ListRow): EmployeeListItem => ({
  ...row,
  isLeader: row.isLeader ?? false,
  lastLoginAt: iso(row.lastLoginAt),
  hasPhoto: row.photoTag !== null,
});

/** Employees with their role, team and photo tag: one select, joined. */
const employeeSelect = (db: Db, locale: Locale) =>
  db
    .select({ ...listColumns(locale), total: totalCount })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .leftJoin(teamMembers, eq(teamMembers.userId, sysUsers.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(employeePhotos, eq(employeePhotos.userId, sysUsers.id));

function keywordCondition(keyword: string): SQL {
  const pattern = `%${likeEscape(keyword)}%`;
  const conditions = [
    ilike(sysUsers.name, pattern),
    ilike(sysUsers.employeeNo, pattern),
    ilike(sysUsers.phone, pattern),
    ilike(sysUsers.uname, pattern),
  ];
  // "5550101" finds "(650) 555-0101": phones compare on their digits too.
  const digits = keyword.replace(/\D/g, '');
  if (digits.length >= 3 && digits.length === keyword.replace(/[\s()+.-]/g, '').length) {
    conditions.push(sql`regexp_replace(coalesce(${sysUsers.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...conditions)!;
}

/** Employee Profile list (one query per page: rows and total together). */
export async function listEmployees(
  db: Db,
  request: EmployeeListRequest,
  locale: Locale,
): Promise<ListResponse<EmployeeListItem>> {
  const conditions: SQL[] = [isNull(sysUsers.deletedAt)];
  if (request.keyword) conditions.push(keywordCondition(request.keyword));
  if (request.status) conditions.push(eq(sysUsers.status, request.status));
  if (request.accountStatus) conditions.push(eq(sysUsers.accountStatus, request.accountStatus));
  if (request.enabled !== undefined) conditions.push(eq(sysUsers.enabled, request.enabled));
  if (request.roleId) conditions.push(eq(sysUsers.roleId, request.roleId));
  if (request.teamId !== undefined) conditions.push(request.teamId === 0 ? isNull(teams.id) : eq(teams.id, request.teamId));
  if (request.location) conditions.push(ilike(sysUsers.location, `%${likeEscape(request.location)}%`));

  const order = orderOf(
    request.sort,
    {
      name: sysUsers.name,
      employeeNo: sysUsers.employeeNo,
      hireDate: sysUsers.hireDate,
      lastLoginAt: sysUsers.lastLoginAt,
      createdAt: sysUsers.createdAt,
    },
    [asc(sysUsers.name)],
    sysUsers.id,
  );
  const query = employeeSelect(db, locale)
    .where(and(...conditions))
    .orderBy(...order)
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return toListResponse(rows, total, (row) => toListItem(row as ListRow));
}

/** The system roles an employee may hold (job role), for the form and the list filter. */
export async function roleOptions(db: Db, locale: Locale): Promise<RoleOption[]> {
  const rows = await db
    .select({ id: roles.id, code: roles.code, name: roleNameIn(locale), enabled: roles.enabled, isSuper: roles.isSuper })
    .from(roles)
    .where(isNull(roles.deletedAt))
    .orderBy(desc(roles.isSuper), asc(roles.id));
  return rows;
}

/** Everything about one employee but the password, with the checked skills (two queries). */
export async function employeeDetail(db: Db, id: number, locale: Locale): Promise<EmployeeDetail> {
  const [row] = await db
    .select({
      ...listColumns(locale),
      birthDate: sysUsers.birthDate,
      referredBy: sysUsers.referredBy,
      driverLicenseNo: sysUsers.driverLicenseNo,
      driverLicenseExpiry: sysUsers.driverLicenseExpiry,
      emergencyContact: sysUsers.emergencyContact,
      emergencyPhone: sysUsers.emergencyPhone,
      notes: sysUsers.notes,
      terminationReason: sysUsers.terminationReason,
      createdAt: sysUsers.createdAt,
      updatedAt: sysUsers.updatedAt,
      passwordChangedAt: sysUsers.passwordChangedAt,
    })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .leftJoin(teamMembers, eq(teamMembers.userId, sysUsers.id))
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(employeePhotos, eq(employeePhotos.userId, sysUsers.id))
    .where(and(eq(sysUsers.id, id), isNull(sysUsers.deletedAt)));
  if (!row) throw notFound('employees.user');
  const checked = await db
    .select({ id: skills.id, nameEn: skills.nameEn, nameZh: skills.nameZh })
    .from(employeeSkills)
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(and(eq(employeeSkills.userId, id), isNull(skills.deletedAt)))
    .orderBy(asc(skills.sortOrder), asc(skills.id));
  return {
    ...toListItem(row as ListRow),
    birthDate: row.birthDate,
    referredBy: row.referredBy,
    driverLicenseNo: row.driverLicenseNo,
    driverLicenseExpiry: row.driverLicenseExpiry,
    emergencyContact: row.emergencyContact,
    emergencyPhone: row.emergencyPhone,
    notes: row.notes,
    terminationReason: row.terminationReason,
    skillIds: checked.map((s) => s.id),
    skills: checked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    passwordChangedAt: iso(row.passwordChangedAt),
  };
}
