import type {
  ConnectRecord,
  ConnectRecordAddRequest,
  ConnectRecordListRequest,
  ConnectRecordModifyRequest,
  ListResponse,
} from '@tidyhouse/contract';
import { and, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { updateVersioned } from '../../platform/versioned';
import { sysUsers } from '../employees/employees.tables';
import { connectRecords, customers } from './customers.tables';
import { assertEmployee, businessToday } from './lookups';
import { iso } from './mappers';

/** The Communications Log: calls, texts, e-mails and visits with customers, and their follow-ups. */

const loggedFor = alias(sysUsers, 'logged_for');
const author = alias(sysUsers, 'author');

export async function listConnectRecords(db: Db, req: ConnectRecordListRequest): Promise<ListResponse<ConnectRecord>> {
  const today = await businessToday(db);
  const keyword = req.keyword ? `%${likeEscape(req.keyword.toLowerCase())}%` : null;
  const conditions: (SQL | undefined)[] = [
    isNull(connectRecords.deletedAt),
    isNull(customers.deletedAt),
    req.customerId ? eq(connectRecords.customerId, req.customerId) : undefined,
    keyword
      ? or(sql`lower(${connectRecords.subject}) like ${keyword}`, sql`lower(${customers.name}) like ${keyword}`)
      : undefined,
    req.status ? eq(connectRecords.status, req.status) : undefined,
    req.purpose ? eq(connectRecords.purpose, req.purpose) : undefined,
    req.type ? eq(connectRecords.type, req.type) : undefined,
    req.loggedForId ? eq(connectRecords.loggedForId, req.loggedForId) : undefined,
    req.contactFrom ? gte(connectRecords.contactDate, req.contactFrom) : undefined,
    req.contactTo ? lte(connectRecords.contactDate, req.contactTo) : undefined,
    req.followUpDue === true ? and(eq(connectRecords.status, 'open'), lte(connectRecords.followUpDate, today)) : undefined,
    req.followUpDue === false
      ? or(eq(connectRecords.status, 'done'), isNull(connectRecords.followUpDate), sql`${connectRecords.followUpDate} > ${today}`)
      : undefined,
  ];
  const query = db
    .select({
      record: connectRecords,
      customerName: customers.name,
      loggedForName: loggedFor.name,
      authorName: author.name,
      total: totalCount,
    })
    .from(connectRecords)
    .innerJoin(customers, eq(customers.id, connectRecords.customerId))
    .leftJoin(loggedFor, eq(loggedFor.id, connectRecords.loggedForId))
    .leftJoin(author, eq(author.id, connectRecords.createdBy))
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        req.sort,
        {
          contactDate: connectRecords.contactDate,
          followUpDate: connectRecords.followUpDate,
          customerName: customers.name,
          status: connectRecords.status,
        },
        [desc(connectRecords.contactDate)],
        connectRecords.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    total,
    list: rows.map((r) => toConnectRecord(r.record, r.customerName, r.loggedForName, r.authorName, today)),
  };
}

type RecordRow = typeof connectRecords.$inferSelect;

function toConnectRecord(
  row: RecordRow,
  customerName: string,
  loggedForName: string | null,
  authorName: string | null,
  today: string,
): ConnectRecord {
  const open = row.status === 'open' && row.followUpDate !== null;
  return {
    id: row.id,
    version: row.version,
    customer: { id: row.customerId, name: customerName },
    status: row.status,
    purpose: row.purpose,
    type: row.type,
    contactDate: row.contactDate,
    subject: row.subject,
    details: row.details,
    loggedFor: row.loggedForId !== null && loggedForName !== null ? { id: row.loggedForId, name: loggedForName } : null,
    followUpDate: row.followUpDate,
    followUpDueToday: open && row.followUpDate === today,
    followUpOverdue: open && row.followUpDate! < today,
    createdBy: authorName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function connectRecordDetail(db: Db, id: number): Promise<ConnectRecord> {
  const [row] = await db
    .select({ record: connectRecords, customerName: customers.name, loggedForName: loggedFor.name, authorName: author.name })
    .from(connectRecords)
    .innerJoin(customers, eq(customers.id, connectRecords.customerId))
    .leftJoin(loggedFor, eq(loggedFor.id, connectRecords.loggedForId))
    .leftJoin(author, eq(author.id, connectRecords.createdBy))
    .where(and(eq(connectRecords.id, id), isNull(connectRecords.deletedAt)));
  if (!row) throw notFound('customers.connectRecord');
  return toConnectRecord(row.record, row.customerName, row.loggedForName, row.authorName, await businessToday(db));
}

function values(req: Omit<ConnectRecordModifyRequest, 'id' | 'version'>) {
  return {
    status: req.status,
    purpose: req.purpose,
    type: req.type,
    contactDate: req.contactDate,
    subject: req.subject,
    details: req.details,
    loggedForId: req.loggedForId,
    followUpDate: req.followUpDate,
  };
}

export async function addConnectRecord(tx: Db, actorId: number, req: ConnectRecordAddRequest) {
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, req.customerId), isNull(customers.deletedAt)));
  if (!customer) throw notFound('customers.customer');
  await assertEmployee(tx, req.loggedForId);
  const [row] = await tx
    .insert(connectRecords)
    .values({ ...values(req), customerId: req.customerId, createdBy: actorId, updatedBy: actorId })
    .returning();
  return { row: row!, customerName: customer.name };
}

export async function modifyConnectRecord(tx: Db, actorId: number, req: ConnectRecordModifyRequest) {
  const [current] = await tx
    .select({ loggedForId: connectRecords.loggedForId })
    .from(connectRecords)
    .where(eq(connectRecords.id, req.id));
  // An entry may keep an employee who has left since; a new one must be active.
  if (current && current.loggedForId !== req.loggedForId) await assertEmployee(tx, req.loggedForId);
  return updateVersioned(tx, connectRecords, 'customers.connectRecord', req, values(req), actorId);
}

export async function removeConnectRecord(tx: Db, actorId: number, req: { id: number; version: number }) {
  const { before } = await updateVersioned(
    tx,
    connectRecords,
    'customers.connectRecord',
    req,
    { deletedAt: new Date() },
    actorId,
  );
  return before;
}
