import type { ListResponse, Skill, SkillAddRequest, SkillModifyRequest, ZSkillListRequest } from '@tidyhouse/contract';
import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit, diff } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict } from '../../platform/errors';
import { likeEscape, orderOf, paged, toListResponse, totalCount } from '../../platform/list';
import { loadForUpdate, updateVersioned } from '../../platform/versioned';
import { employeeSkills, skills } from './employees.tables';

type SkillRow = typeof skills.$inferSelect;

// Column names are spelled out: in a single-table select Drizzle leaves them unqualified.
const employeeCount = sql<number>`(select count(*) from employee_skills es join sys_users u on u.id = es.user_id
  where es.skill_id = "skills"."id" and u.deleted_at is null)`.mapWith(Number);

const toSkill = (row: SkillRow & { employeeCount: number }): Skill => ({
  id: row.id,
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  active: row.active,
  sortOrder: row.sortOrder,
  employeeCount: row.employeeCount,
  version: row.version,
});

export async function listSkills(db: Db, request: z.infer<typeof ZSkillListRequest>): Promise<ListResponse<Skill>> {
  const conditions: SQL[] = [isNull(skills.deletedAt)];
  if (request.keyword) {
    const pattern = `%${likeEscape(request.keyword)}%`;
    conditions.push(or(ilike(skills.nameEn, pattern), ilike(skills.nameZh, pattern))!);
  }
  if (request.active !== undefined) conditions.push(eq(skills.active, request.active));
  const query = db
    .select({ skill: skills, employeeCount, total: totalCount })
    .from(skills)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { nameEn: skills.nameEn, nameZh: skills.nameZh, sortOrder: skills.sortOrder },
        [asc(skills.sortOrder)],
        skills.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return toListResponse(rows, total, (r) => toSkill({ ...r.skill, employeeCount: r.employeeCount }));
}

async function assertNamesFree(tx: Db, names: { nameEn?: string; nameZh?: string }, exceptId?: number) {
  for (const [column, value] of [
    [skills.nameEn, names.nameEn],
    [skills.nameZh, names.nameZh],
  ] as const) {
    if (value === undefined) continue;
    const [taken] = await tx
      .select({ id: skills.id })
      .from(skills)
      .where(
        and(
          sql`lower(${column}) = ${value.toLowerCase()}`,
          isNull(skills.deletedAt),
          exceptId ? ne(skills.id, exceptId) : undefined,
        ),
      );
    if (taken) throw conflict('employees.skillNameTaken', { name: value });
  }
}

const guardNames = async <T>(work: () => Promise<T>, name: string): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('employees.skillNameTaken', { name });
    throw error;
  }
};

export async function addSkill(tx: Db, request: FastifyRequest, input: SkillAddRequest) {
  await assertNamesFree(tx, input);
  const actorId = request.session!.userId;
  const [row] = await guardNames(
    () =>
      tx
        .insert(skills)
        .values({ ...input, createdBy: actorId, updatedBy: actorId })
        .returning(),
    input.nameEn,
  );
  await audit(tx, request, {
    module: 'employees',
    action: 'addSkill',
    recordType: 'skill',
    recordId: row!.id,
    details: { params: { nameEn: row!.nameEn, nameZh: row!.nameZh } },
  });
  return { id: row!.id, version: row!.version };
}

export async function modifySkill(tx: Db, request: FastifyRequest, input: SkillModifyRequest) {
  const { id, version, ...fields } = input;
  await assertNamesFree(tx, fields, id);
  const { before, after } = await guardNames(
    () => updateVersioned(tx, skills, 'employees.skill', { id, version }, fields, request.session!.userId),
    fields.nameEn ?? fields.nameZh ?? '',
  );
  const pick = (s: SkillRow) => ({ nameEn: s.nameEn, nameZh: s.nameZh, active: s.active, sortOrder: s.sortOrder });
  await audit(tx, request, {
    module: 'employees',
    action: 'modifySkill',
    recordType: 'skill',
    recordId: id,
    details: { params: { nameEn: after.nameEn, nameZh: after.nameZh } },
    changes: diff(pick(before), pick(after)),
  });
  return { id, version: after.version };
}

/** Removes a skill from the list and from every employee who had it. */
export async function removeSkill(tx: Db, request: FastifyRequest, input: { id: number; version: number }) {
  const skill = await loadForUpdate(tx, skills, input.id, 'employees.skill');
  const { after } = await updateVersioned(
    tx,
    skills,
    'employees.skill',
    input,
    { deletedAt: new Date() },
    request.session!.userId,
  );
  const unlinked = await tx.delete(employeeSkills).where(eq(employeeSkills.skillId, skill.id)).returning();
  await audit(tx, request, {
    module: 'employees',
    action: 'removeSkill',
    recordType: 'skill',
    recordId: skill.id,
    details: { params: { nameEn: skill.nameEn, nameZh: skill.nameZh, count: unlinked.length } },
  });
  return { id: skill.id, version: after.version };
}
