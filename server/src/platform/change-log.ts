import {
  type AuditDetails,
  type ChangeLogEntry,
  type ChangeLogRequest,
  type Locale,
  renderAuditSummary,
} from '@tidyhouse/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../modules/system/system.tables';
import type { Db } from './database';

/**
 * A record's change log from the operation log (audit): its entries newest first, paged, with the
 * total in the same query. Index audit_log_record_idx (record_type, record_id, at). An entry with its
 * facts reads in the caller's language; an older one keeps its stored (English) summary.
 */
export async function changeLogOf(
  db: Db,
  recordType: string,
  req: ChangeLogRequest,
  locale: Locale = 'en',
): Promise<{ list: ChangeLogEntry[]; total: number }> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      module: auditLog.module,
      action: auditLog.action,
      details: auditLog.details,
      uname: auditLog.uname,
      summary: auditLog.summary,
      changes: auditLog.changes,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, req.id)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(req.pageSize)
    .offset((req.pageNum - 1) * req.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      user: r.uname,
      summary:
        renderAuditSummary({ module: r.module, action: r.action, details: r.details as AuditDetails | null }, locale) ??
        r.summary,
      changes: (r.changes as ChangeLogEntry['changes'] | null) ?? {},
    })),
    total: rows[0]?.total ?? 0,
  };
}
