import { type AuditDetails, auditActionTitle, renderAuditSummary } from '@tidyhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../modules/system/system.tables';
import type { Db } from './database';
import { storableText } from './text-guard';

export interface AuditEntry {
  module: string;
  action: string;
  recordType?: string;
  recordId?: number;
  /**
   * A readable English sentence, only for an entry without `details` (older service entries); with
   * details the summary is rendered from them. Never a password, a key code or card data.
   */
  summary?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** The summary's facts, so the log reads in each viewer's language (contract audit-texts.ts). */
  details?: AuditDetails;
}

/**
 * The stored English summary and the text the log's search reads: the summary in both languages and
 * the action's titles, so a viewer finds an entry by the words on their screen.
 */
export function auditTexts(entry: AuditEntry): { summary: string; searchText: string } {
  const en = entry.details ? renderAuditSummary({ ...entry, details: entry.details }, 'en') : null;
  // Facts without a template fall back to the caller's summary; neither at all is a programming error.
  const summary = en ?? entry.summary;
  if (!summary) throw new Error(`Operation log entry ${entry.module}.${entry.action} has neither facts nor a summary`);
  const zh = entry.details ? renderAuditSummary({ ...entry, details: entry.details }, 'zh') : null;
  const titles = [auditActionTitle(entry.action, 'en'), auditActionTitle(entry.action, 'zh')];
  return { summary, searchText: [summary, zh, ...titles].filter(Boolean).join('\n') };
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

/**
 * A copy of a value of the entry with every string (and key) storable (platform/text-guard.ts): the
 * input guard refuses such text on the way in, but an entry can also quote stored or computed text,
 * and the log must never be the reason a change fails.
 */
function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v)])) as T;
  }
  return value;
}

/**
 * Writes the operation log entry; call it with the transaction of the change itself. It first
 * confirms, in that transaction, that the caller's session still holds (platform/sessions.ts).
 */
export async function audit(tx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await writeAuditEntry(
    tx,
    { userId: request.session?.userId ?? null, uname: request.session?.uname ?? null, ip: request.ip, requestId: request.id },
    entry,
  );
}

/**
 * The entry of work done outside a request (a change made inside another module's write with no
 * request at hand): the actor alone, the user name read in the same statement.
 */
export async function auditAsUser(tx: Db, userId: number | null, entry: AuditEntry): Promise<void> {
  const uname = userId === null ? null : sql<string>`(select uname from sys_users where id = ${userId})`;
  await writeAuditEntry(tx, { userId, uname, ip: null, requestId: null }, entry);
}

async function writeAuditEntry(
  tx: Db,
  actor: { userId: number | null; uname: string | SQL<string> | null; ip: string | null; requestId: string | null },
  entry: AuditEntry,
): Promise<void> {
  const texts = auditTexts(entry);
  const summary = storableText(texts.summary);
  const searchText = storableText(texts.searchText);
  await tx.insert(auditLog).values({
    userId: actor.userId,
    uname: actor.uname,
    ip: actor.ip,
    requestId: actor.requestId,
    module: entry.module,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    summary,
    searchText,
    changes: storable(entry.changes ?? null),
    details: storable(entry.details ?? null),
  });
}
