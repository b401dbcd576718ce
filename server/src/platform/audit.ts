import type { AuditDetails } from '@tidyhouse/contract';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../modules/system/system.tables';
import type { Db } from './database';

export interface AuditEntry {
  module: string;
  action: string;
  recordType?: string;
  recordId?: number;
  /** A readable sentence; never a password, a key code or card data. */
  summary: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** The summary's facts, so the log reads in each viewer's language (contract audit-texts.ts). */
  details?: AuditDetails;
}

const SECRET_FIELDS = /password|token|secret|code|card|key/i;

/**
 * Field changes between two versions of a record, secrets reported only as "changed". Fields whose
 * name looks secret (…code, …card…, …key…) are masked unless the caller names them in `plain`
 * (a zone's code or the accepted card types are not secrets).
 */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  opts: { plain?: readonly string[] } = {},
): AuditEntry['changes'] {
  const changes: NonNullable<AuditEntry['changes']> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    const secret = SECRET_FIELDS.test(field) && !opts.plain?.includes(field);
    // A field absent before (a new record) was null: JSON would drop an undefined `from`.
    changes[field] = secret ? { from: '***', to: '***' } : { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/** The fields of `row` named in `fields`, for a diff of what a form edits. */
export function pick<T extends Record<string, unknown>, K extends keyof T>(row: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((f) => [f, row[f]])) as Pick<T, K>;
}

/** Writes the operation log entry; call it with the transaction of the change itself. */
export async function audit(tx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: request.session?.userId ?? null,
    uname: request.session?.uname ?? null,
    ip: request.ip,
    requestId: request.id,
    module: entry.module,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    summary: entry.summary,
    changes: entry.changes ?? null,
    details: entry.details ?? null,
  });
}
