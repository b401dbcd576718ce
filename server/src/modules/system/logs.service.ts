import {
  type AuditDetails,
  addDays,
  addMonths,
  type Locale,
  type LogClearRequest,
  type LogClearResult,
  type LoginLogEntry,
  type LoginLogListRequest,
  type OperationLogEntry,
  type OperationLogListRequest,
  renderAuditSummary,
  rrulesInWords,
  startOfDayIn,
  todayIn,
} from '@tidyhouse/contract';
import { and, desc, eq, gte, ilike, like, lt, type SQL, sql } from 'drizzle-orm';
import { businessTimeZone } from '../../platform/business-date';
import { type Db, queryRows } from '../../platform/database';
import { refused } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { loginAttempts } from '../auth/auth.tables';
import { auditLog } from './system.tables';

/** The operation log entries of clearing: no clearing ever deletes them. */
export const CLEAR_MODULE = 'logs';
export const CLEAR_ACTION = 'clear';

/** `at` within business dates [dateFrom, dateTo], both ends included, in the business time zone. */
function dateRange(
  column: typeof loginAttempts.at | typeof auditLog.at,
  range: { dateFrom?: string; dateTo?: string },
  tz: string,
) {
  const conditions: SQL[] = [];
  if (range.dateFrom) conditions.push(gte(column, startOfDayIn(range.dateFrom, tz)));
  if (range.dateTo) conditions.push(lt(column, startOfDayIn(addDays(range.dateTo, 1), tz)));
  return conditions;
}

export async function listLoginAttempts(db: Db, request: LoginLogListRequest) {
  const tz = await businessTimeZone(db);
  const conditions = dateRange(loginAttempts.at, request, tz);
  // The login tracker stores user names in lower case.
  if (request.uname) conditions.push(like(loginAttempts.uname, `${likeEscape(request.uname.toLowerCase())}%`));
  if (request.result) conditions.push(eq(loginAttempts.result, request.result));
  if (request.success != null) conditions.push(eq(loginAttempts.success, request.success));
  const query = db
    .select({ row: loginAttempts, total: totalCount })
    .from(loginAttempts)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { at: loginAttempts.at, uname: loginAttempts.uname, result: loginAttempts.result },
        [desc(loginAttempts.at), desc(loginAttempts.id)],
        loginAttempts.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return {
    total,
    list: rows.map(
      ({ row }): LoginLogEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        uname: row.uname,
        userId: row.userId,
        success: row.success,
        result: row.result,
        ip: row.ip,
        userAgent: row.userAgent,
      }),
    ),
  };
}

/** The operation log, each summary in the viewer's language where the entry stored its facts. */
export async function listOperations(db: Db, request: OperationLogListRequest, locale: Locale) {
  const tz = await businessTimeZone(db);
  const conditions = dateRange(auditLog.at, request, tz);
  if (request.uname) conditions.push(sql`lower(${auditLog.uname}) like ${`${likeEscape(request.uname.toLowerCase())}%`}`);
  if (request.userId) conditions.push(eq(auditLog.userId, request.userId));
  if (request.module) conditions.push(eq(auditLog.module, request.module));
  if (request.action) conditions.push(eq(auditLog.action, request.action));
  // Both languages' rendered text (older rows: their stored summary), so the words on screen are found.
  if (request.text)
    conditions.push(ilike(sql`coalesce(${auditLog.searchText}, ${auditLog.summary})`, `%${likeEscape(request.text)}%`));
  const query = db
    .select({ row: auditLog, total: totalCount })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { at: auditLog.at, uname: auditLog.uname, module: auditLog.module, action: auditLog.action },
        [desc(auditLog.at), desc(auditLog.id)],
        auditLog.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return {
    total,
    list: rows.map(
      ({ row }): OperationLogEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        userId: row.userId,
        uname: row.uname,
        ip: row.ip,
        module: row.module,
        action: row.action,
        recordType: row.recordType,
        recordId: row.recordId,
        summary:
          renderAuditSummary({ module: row.module, action: row.action, details: row.details as AuditDetails | null }, locale) ??
          rrulesInWords(row.summary, locale),
        changes: (row.changes as OperationLogEntry['changes']) ?? null,
      }),
    ),
  };
}

const MONTHS = { oneMonth: 1, twoMonths: 2, threeMonths: 3 } as const;

/** The cut-off day of a clearing: entries before the start of this business day are deleted. */
export function clearCutoff(request: Pick<LogClearRequest, 'option' | 'date'>, today: string): string {
  return request.option === 'date' ? request.date! : addMonths(today, -MONTHS[request.option]);
}

/**
 * Deletes login attempts and/or operation entries older than the cut-off. Entries of clearing itself
 * are kept, whatever their age. The caller writes this clearing's own entry in the same transaction.
 */
export async function clearLogs(tx: Db, request: LogClearRequest, now = new Date()): Promise<LogClearResult> {
  const tz = await businessTimeZone(tx);
  const today = todayIn(tz, now);
  const cutoffDate = clearCutoff(request, today);
  if (cutoffDate > today) throw refused('logs.clearDateInFuture', { date: cutoffDate, today });
  const cutoffAt = startOfDayIn(cutoffDate, tz);
  const at = cutoffAt.toISOString();
  let loginDeleted = 0;
  let operationDeleted = 0;
  if (request.target !== 'operation') {
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`with gone as (delete from ${loginAttempts} where ${loginAttempts.at} < ${at}::timestamptz returning 1) select count(*) as n from gone`,
    );
    loginDeleted = Number(row?.n ?? 0);
  }
  if (request.target !== 'login') {
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`with gone as (delete from ${auditLog} where ${auditLog.at} < ${at}::timestamptz and not (${auditLog.module} = ${CLEAR_MODULE} and ${auditLog.action} = ${CLEAR_ACTION}) returning 1) select count(*) as n from gone`,
    );
    operationDeleted = Number(row?.n ?? 0);
  }
  return { cutoffDate, cutoffAt: at, loginDeleted, operationDeleted };
}
