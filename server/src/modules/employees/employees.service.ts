import type { EmployeeAddRequest, EmployeeModifyRequest, EmployeeTerminateRequest } from '@tidyhouse/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit, diff } from '../../platform/audit';
import { type Db, queryRows } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound, refused } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { hashPassword } from '../../platform/passwords';
import { endUserSessions } from '../../platform/sessions';
import { loadForUpdate } from '../../platform/versioned';
import { roles } from '../system/system.tables';
import { employeeSkills, skills, sysUsers, teamMembers } from './employees.tables';

type User = typeof sysUsers.$inferSelect;
const actorOf = (request: FastifyRequest) => request.session!;

export const findUser = (tx: Db, id: number) => loadForUpdate(tx, sysUsers, id, 'employees.user');

/** The fields an audit entry compares (never the password hash). */
const auditedFields = (u: User) => ({
  uname: u.uname,
  name: u.name,
  email: u.email,
  phone: u.phone,
  roleId: u.roleId,
  employeeNo: u.employeeNo,
  birthDate: u.birthDate,
  hireDate: u.hireDate,
  referredBy: u.referredBy,
  location: u.location,
  driverLicenseNo: u.driverLicenseNo,
  driverLicenseExpiry: u.driverLicenseExpiry,
  emergencyContact: u.emergencyContact,
  emergencyPhone: u.emergencyPhone,
  notes: u.notes,
});

async function roleOf(tx: Db, roleId: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId));
  if (!role || role.deletedAt) throw notFound('employees.role');
  return role;
}

/** Only a super administrator may hand out the super administrator role or change one. */
async function assertMayManage(tx: Db, request: FastifyRequest, target: { roleId: number } | null, newRoleId?: number) {
  if (actorOf(request).isSuper) return;
  const ids = [target?.roleId, newRoleId].filter((v): v is number => v !== undefined);
  if (ids.length === 0) return;
  const rows = await tx.select({ isSuper: roles.isSuper }).from(roles).where(inArray(roles.id, ids));
  if (rows.some((r) => r.isSuper)) throw refused('employees.superAdminOnly');
}

async function assertUnameFree(tx: Db, uname: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(
      and(
        sql`lower(${sysUsers.uname}) = ${uname.toLowerCase()}`,
        isNull(sysUsers.deletedAt),
        exceptId ? ne(sysUsers.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict('employees.unameTaken', { uname });
}

async function assertEmployeeNoFree(tx: Db, employeeNo: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(
      and(
        sql`lower(${sysUsers.employeeNo}) = ${employeeNo.toLowerCase()}`,
        isNull(sysUsers.deletedAt),
        exceptId ? ne(sysUsers.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict('employees.employeeNoTaken', { employeeNo });
}

/** The next free number of the `E####` series. */
async function nextEmployeeNo(tx: Db): Promise<string> {
  const [row] = await queryRows<{ n: number | string | null }>(
    tx,
    sql`select max(substring(${sysUsers.employeeNo} from '^E([0-9]{1,9})$')::int) as n from ${sysUsers}`,
  );
  return `E${String(Number(row?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** Unique indexes are the last word when two requests race; answer them like the checks above. */
async function guardUnique<T>(work: () => Promise<T>, values: { uname?: string; employeeNo?: string | null }): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'sys_users_uname_uq')) throw conflict('employees.unameTaken', { uname: values.uname ?? '' });
    if (isUniqueViolation(error, 'sys_users_employee_no_uq')) {
      throw conflict('employees.employeeNoTaken', { employeeNo: values.employeeNo ?? '' });
    }
    throw error;
  }
}

/** Skills that may be given: live and active, or already held by the employee. */
export async function assertSkillsAssignable(tx: Db, skillIds: number[], heldIds: number[] = []) {
  const wanted = [...new Set(skillIds)];
  if (wanted.length === 0) return wanted;
  const rows = await tx
    .select({ id: skills.id, active: skills.active })
    .from(skills)
    .where(and(inArray(skills.id, wanted), isNull(skills.deletedAt)));
  const ok = new Set(rows.filter((r) => r.active || heldIds.includes(r.id)).map((r) => r.id));
  const bad = wanted.filter((id) => !ok.has(id));
  if (bad.length) throw refused('employees.skillsUnavailable', { ids: bad.join(', ') });
  return wanted;
}

export async function addEmployee(tx: Db, request: FastifyRequest, input: EmployeeAddRequest) {
  const role = await roleOf(tx, input.roleId);
  if (!role.enabled) throw refused('employees.roleUnavailable');
  await assertMayManage(tx, request, null, input.roleId);
  await assertUnameFree(tx, input.uname);
  const employeeNo = input.employeeNo ?? (await nextEmployeeNo(tx));
  await assertEmployeeNoFree(tx, employeeNo);
  const skillIds = await assertSkillsAssignable(tx, input.skillIds ?? []);
  const { uname, password: _p, verifyPassword: _v, skillIds: _s, ...profile } = input;
  const actorId = actorOf(request).userId;
  const passwordHash = await hashPassword(input.password);
  const [user] = await guardUnique(
    () =>
      tx
        .insert(sysUsers)
        .values({
          ...profile,
          uname,
          employeeNo,
          passwordHash,
          createdBy: actorId,
          updatedBy: actorId,
          passwordChangedAt: new Date(),
        })
        .returning(),
    { uname, employeeNo },
  );
  if (skillIds.length) await tx.insert(employeeSkills).values(skillIds.map((skillId) => ({ userId: user!.id, skillId })));
  await audit(tx, request, {
    module: 'employees',
    action: 'add',
    recordType: 'sysUser',
    recordId: user!.id,
    details: { params: { name: user!.name, uname: user!.uname, employeeNo } },
    changes: diff({}, { ...auditedFields(user!), skillIds }),
  });
  return { id: user!.id, version: user!.version };
}

export async function modifyEmployee(tx: Db, request: FastifyRequest, input: EmployeeModifyRequest) {
  const before = await findUser(tx, input.id);
  if (before.version !== input.version) throw conflict();
  await assertMayManage(tx, request, before, input.roleId);
  if (input.roleId !== undefined && input.roleId !== before.roleId) {
    const role = await roleOf(tx, input.roleId);
    if (!role.enabled) throw refused('employees.roleUnavailable');
  }
  if (input.uname !== undefined && input.uname.toLowerCase() !== before.uname.toLowerCase()) {
    await assertUnameFree(tx, input.uname, before.id);
  }
  if (input.employeeNo && input.employeeNo.toLowerCase() !== before.employeeNo?.toLowerCase()) {
    await assertEmployeeNoFree(tx, input.employeeNo, before.id);
  }
  const { id, version, password, verifyPassword: _v, ...fields } = input;
  const values: Partial<typeof sysUsers.$inferInsert> = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  );
  const now = new Date();
  if (password !== undefined) {
    values.passwordHash = await hashPassword(password);
    values.passwordChangedAt = now;
  }
  const [after] = await guardUnique(
    () =>
      tx
        .update(sysUsers)
        .set({ ...values, version: version + 1, updatedAt: now, updatedBy: actorOf(request).userId })
        .where(eq(sysUsers.id, id))
        .returning(),
    { uname: input.uname ?? before.uname, employeeNo: input.employeeNo ?? before.employeeNo },
  );
  const changes = diff(auditedFields(before), auditedFields(after!)) ?? {};
  if (password !== undefined) {
    changes.password = { from: '***', to: '***' };
    // The employee's sessions end; the caller's own stays when they change their own password here.
    const own = actorOf(request);
    await endUserSessions(tx, id, 'password_changed', own.userId === id ? own.sessionId : undefined);
  }
  await audit(tx, request, {
    module: 'employees',
    action: 'modify',
    recordType: 'sysUser',
    recordId: id,
    details: {
      key: password === undefined ? 'employees.modify' : 'employees.modifyWithPassword',
      params: { name: after!.name, uname: after!.uname },
    },
    changes,
  });
  return { id, version: after!.version };
}

/** What an employee has done or had recorded; any of it makes removal a termination instead. */
async function historyOf(tx: Db, id: number): Promise<string[]> {
  const [row] = await queryRows<Record<string, boolean>>(
    tx,
    sql`select
      (u.last_login_at is not null or exists (select 1 from sessions s where s.user_id = u.id)
        or exists (select 1 from login_attempts a where a.user_id = u.id and a.success)) as "logins",
      exists (select 1 from employee_pay_rates p where p.user_id = u.id and p.deleted_at is null) as "payRates",
      exists (select 1 from employee_remarks r where (r.user_id = u.id or r.author_id = u.id) and r.deleted_at is null) as "remarks",
      exists (select 1 from employee_leaves l where l.user_id = u.id and l.deleted_at is null) as "leave",
      exists (select 1 from team_members m where m.user_id = u.id) as "team",
      exists (select 1 from audit_log g where g.user_id = u.id) as "audit"
    from sys_users u where u.id = ${id}`,
  );
  return Object.entries(row ?? {})
    .filter(([, has]) => has === true || (has as unknown) === 't')
    .map(([kind]) => kind);
}

export async function removeEmployee(tx: Db, request: FastifyRequest, input: { id: number; version: number }) {
  if (input.id === actorOf(request).userId) throw refused('employees.cannotChangeSelf');
  const user = await findUser(tx, input.id);
  if (user.version !== input.version) throw conflict();
  await assertMayManage(tx, request, user);
  const history = await historyOf(tx, user.id);
  if (history.length) {
    const words = history.map((kind) => translate(request.locale, `employees.history.${kind}`)).join(', ');
    throw refused('employees.hasHistory', { name: user.name, history: words });
  }
  await tx
    .update(sysUsers)
    .set({ deletedAt: new Date(), version: user.version + 1, updatedAt: new Date(), updatedBy: actorOf(request).userId })
    .where(eq(sysUsers.id, user.id));
  await tx.delete(employeeSkills).where(eq(employeeSkills.userId, user.id));
  await audit(tx, request, {
    module: 'employees',
    action: 'remove',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, uname: user.uname } },
  });
  return { id: user.id, version: user.version + 1 };
}

const stateOf = (u: User) => ({
  id: u.id,
  version: u.version,
  status: u.status,
  accountStatus: u.accountStatus,
  enabled: u.enabled,
  terminatedOn: u.terminatedOn,
});

async function setUser(tx: Db, request: FastifyRequest, user: User, values: Partial<typeof sysUsers.$inferInsert>) {
  const [after] = await tx
    .update(sysUsers)
    .set({ ...values, version: user.version + 1, updatedAt: new Date(), updatedBy: actorOf(request).userId })
    .where(eq(sysUsers.id, user.id))
    .returning();
  return after!;
}

/** updateState: enable or disable an employee; disabling ends their sessions at once. */
export async function setEmployeeEnabled(tx: Db, request: FastifyRequest, input: { id: number; enabled: boolean }) {
  if (input.id === actorOf(request).userId && !input.enabled) throw refused('employees.cannotChangeSelf');
  const user = await findUser(tx, input.id);
  await assertMayManage(tx, request, user);
  const after = user.enabled === input.enabled ? user : await setUser(tx, request, user, { enabled: input.enabled });
  if (!input.enabled) await endUserSessions(tx, user.id, 'blocked');
  await audit(tx, request, {
    module: 'employees',
    action: input.enabled ? 'enable' : 'disable',
    recordType: 'sysUser',
    recordId: user.id,
    summary: `${input.enabled ? 'Enabled' : 'Disabled'} employee ${user.name} (${user.uname})`,
    details: { params: { name: user.name, uname: user.uname } },
    changes: { enabled: { from: user.enabled, to: input.enabled } },
  });
  return stateOf(after);
}

/** Termination: status and date, sessions ended, out of their team. */
export async function terminateEmployee(tx: Db, request: FastifyRequest, input: EmployeeTerminateRequest) {
  if (input.id === actorOf(request).userId) throw refused('employees.cannotChangeSelf');
  const user = await findUser(tx, input.id);
  if (input.version !== undefined && user.version !== input.version) throw conflict();
  await assertMayManage(tx, request, user);
  if (user.status === 'terminated') throw refused('employees.alreadyTerminated', { name: user.name });
  if (user.hireDate && input.terminatedOn < user.hireDate) {
    throw refused('employees.terminatedBeforeHire', { terminatedOn: input.terminatedOn, hireDate: user.hireDate });
  }
  const after = await setUser(tx, request, user, {
    status: 'terminated',
    terminatedOn: input.terminatedOn,
    terminationReason: input.reason || null,
  });
  await endUserSessions(tx, user.id, 'blocked');
  const left = await tx.delete(teamMembers).where(eq(teamMembers.userId, user.id)).returning({ teamId: teamMembers.teamId });
  await audit(tx, request, {
    module: 'employees',
    action: 'terminate',
    recordType: 'sysUser',
    recordId: user.id,
    summary: `Terminated employee ${user.name} (${user.uname}) on ${input.terminatedOn}`,
    details: { params: { name: user.name, uname: user.uname, date: input.terminatedOn } },
    changes: {
      status: { from: user.status, to: 'terminated' },
      terminatedOn: { from: user.terminatedOn, to: input.terminatedOn },
      terminationReason: { from: user.terminationReason, to: input.reason || null },
      ...(left[0] ? { teamId: { from: left[0].teamId, to: null } } : {}),
    },
  });
  return stateOf(after);
}

/** Reinstatement: active again (no team; sessions start at the next login). */
export async function reinstateEmployee(tx: Db, request: FastifyRequest, input: { id: number; version?: number }) {
  const user = await findUser(tx, input.id);
  if (input.version !== undefined && user.version !== input.version) throw conflict();
  await assertMayManage(tx, request, user);
  if (user.status !== 'terminated') throw refused('employees.notTerminated', { name: user.name });
  const after = await setUser(tx, request, user, { status: 'active', terminatedOn: null, terminationReason: null });
  await audit(tx, request, {
    module: 'employees',
    action: 'reinstate',
    recordType: 'sysUser',
    recordId: user.id,
    summary: `Reinstated employee ${user.name} (${user.uname})`,
    details: { params: { name: user.name, uname: user.uname } },
    changes: { status: { from: 'terminated', to: 'active' }, terminatedOn: { from: user.terminatedOn, to: null } },
  });
  return stateOf(after);
}

/** setUserSkill: the employee's whole set of skills. */
export async function setEmployeeSkills(tx: Db, request: FastifyRequest, input: { id: number; skillIds: number[] }) {
  const user = await findUser(tx, input.id);
  const held = (await tx.select().from(employeeSkills).where(eq(employeeSkills.userId, user.id))).map((r) => r.skillId);
  const wanted = await assertSkillsAssignable(tx, input.skillIds, held);
  await tx.delete(employeeSkills).where(eq(employeeSkills.userId, user.id));
  if (wanted.length) await tx.insert(employeeSkills).values(wanted.map((skillId) => ({ userId: user.id, skillId })));
  await audit(tx, request, {
    module: 'employees',
    action: 'setSkills',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, count: wanted.length } },
    changes: { skillIds: { from: held.sort((a, b) => a - b), to: [...wanted].sort((a, b) => a - b) } },
  });
  return { id: user.id, skillIds: wanted };
}

/** Freeze or unfreeze a login account (spec §4 isBlocking); freezing ends its sessions at once. */
export async function setAccountBlocked(tx: Db, request: FastifyRequest, id: number, blocked: boolean) {
  const actorId = actorOf(request).userId;
  if (id === actorId && blocked) throw refused('employees.cannotFreezeSelf');
  const user = await findUser(tx, id);
  await assertMayManage(tx, request, user);
  const accountStatus = blocked ? 'frozen' : 'normal';
  if (user.accountStatus !== accountStatus) {
    await tx
      .update(sysUsers)
      .set({ accountStatus, updatedAt: new Date(), updatedBy: actorId, version: user.version + 1 })
      .where(eq(sysUsers.id, id));
  }
  if (blocked) await endUserSessions(tx, id, 'blocked');
  return { user, accountStatus };
}

/**
 * Signs a user out everywhere without blocking the account (a cleaner's lost phone): every open
 * session ends, the next request of each answers 20005, and the user may sign in again. On oneself
 * it signs out everywhere, this session included.
 */
export async function endSessionsOf(tx: Db, request: FastifyRequest, id: number) {
  const user = await findUser(tx, id);
  await assertMayManage(tx, request, user);
  return { user, ended: await endUserSessions(tx, id, 'ended_by_office') };
}
