import type { ListRequest, ListResponse, Remark, RemarkAddRequest, RemarkModifyRequest } from '@tidyhouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { audit, diff } from '../../platform/audit';
import { businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { paged, toListResponse, totalCount } from '../../platform/list';
import { permissionsOf } from '../../platform/permissions';
import { loadForUpdate, updateVersioned } from '../../platform/versioned';
import { employeeRemarks } from './employee-records.tables';
import { sysUsers } from './employees.tables';

/** Changing someone else's remark needs this key; the author may always change their own. */
export const REMARK_MANAGE_KEY = 'employee:remark:manage';

const author = alias(sysUsers, 'author');
type RemarkRow = typeof employeeRemarks.$inferSelect;

const mayEditAny = async (db: Db, request: FastifyRequest) => {
  const s = request.session!;
  return (await permissionsOf(db, { id: s.roleId, isSuper: s.isSuper })).has(REMARK_MANAGE_KEY);
};

const toRemark = (row: RemarkRow, authorName: string | null, canEdit: boolean): Remark => ({
  id: row.id,
  userId: row.userId,
  remarkDate: row.remarkDate,
  content: row.content,
  authorId: row.authorId,
  authorName,
  canEdit,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const remarkSelect = (db: Db) =>
  db
    .select({ remark: employeeRemarks, authorName: author.name, total: totalCount })
    .from(employeeRemarks)
    .innerJoin(sysUsers, eq(sysUsers.id, employeeRemarks.userId))
    .leftJoin(author, eq(author.id, employeeRemarks.authorId));

const live = and(isNull(employeeRemarks.deletedAt), isNull(sysUsers.deletedAt));

/** An employee's remarks, latest date first. */
export async function listRemarks(
  db: Db,
  request: FastifyRequest,
  input: ListRequest & { userId: number },
): Promise<ListResponse<Remark>> {
  const any = await mayEditAny(db, request);
  const me = request.session!.userId;
  const query = remarkSelect(db)
    .where(and(live, eq(employeeRemarks.userId, input.userId)))
    .orderBy(desc(employeeRemarks.remarkDate), desc(employeeRemarks.id))
    .$dynamic();
  const { rows, total } = await paged(query, input);
  return toListResponse(rows, total, (r) => toRemark(r.remark, r.authorName, any || r.remark.authorId === me));
}

export async function remarkDetail(db: Db, request: FastifyRequest, id: number): Promise<Remark> {
  const [row] = await remarkSelect(db).where(and(live, eq(employeeRemarks.id, id)));
  if (!row) throw notFound('employees.remark');
  const canEdit = row.remark.authorId === request.session!.userId || (await mayEditAny(db, request));
  return toRemark(row.remark, row.authorName, canEdit);
}

export async function addRemark(tx: Db, request: FastifyRequest, input: RemarkAddRequest) {
  const [user] = await tx
    .select({ id: sysUsers.id, name: sysUsers.name })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, input.userId), isNull(sysUsers.deletedAt)));
  if (!user) throw notFound('employees.user');
  const me = request.session!.userId;
  const [row] = await tx
    .insert(employeeRemarks)
    .values({
      userId: user.id,
      remarkDate: input.remarkDate ?? (await businessToday(tx)),
      content: input.content,
      authorId: me,
      createdBy: me,
      updatedBy: me,
    })
    .returning();
  await audit(tx, request, {
    module: 'employees',
    action: 'addRemark',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, date: row!.remarkDate } },
    changes: { remarkId: { from: null, to: row!.id } },
  });
  return { id: row!.id, version: row!.version };
}

async function loadEditable(tx: Db, request: FastifyRequest, id: number) {
  const remark = await loadForUpdate(tx, employeeRemarks, id, 'employees.remark');
  if (remark.authorId !== request.session!.userId && !(await mayEditAny(tx, request))) throw refused('employees.remarkNotAuthor');
  return remark;
}

export async function modifyRemark(tx: Db, request: FastifyRequest, input: RemarkModifyRequest) {
  await loadEditable(tx, request, input.id);
  const { id, version, ...fields } = input;
  const { before, after } = await updateVersioned(
    tx,
    employeeRemarks,
    'employees.remark',
    { id, version },
    fields,
    request.session!.userId,
  );
  const pick = (r: RemarkRow) => ({ remarkDate: r.remarkDate, content: r.content });
  await audit(tx, request, {
    module: 'employees',
    action: 'modifyRemark',
    recordType: 'sysUser',
    recordId: after.userId,
    details: { params: { date: after.remarkDate } },
    changes: { remarkId: { from: id, to: id }, ...diff(pick(before), pick(after)) },
  });
  return { id, version: after.version };
}

export async function removeRemark(tx: Db, request: FastifyRequest, input: { id: number; version: number }) {
  await loadEditable(tx, request, input.id);
  const { after } = await updateVersioned(
    tx,
    employeeRemarks,
    'employees.remark',
    input,
    { deletedAt: new Date() },
    request.session!.userId,
  );
  await audit(tx, request, {
    module: 'employees',
    action: 'removeRemark',
    recordType: 'sysUser',
    recordId: after.userId,
    details: { params: { date: after.remarkDate } },
    changes: { remarkId: { from: input.id, to: null } },
  });
  return { id: input.id, version: after.version };
}
