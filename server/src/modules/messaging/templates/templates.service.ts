import {
  Code,
  isTransactional,
  type Locale,
  MESSAGE_EVENTS,
  type MessageEvent,
  type MessageTemplate,
  type MessageTemplateListRequest,
  type MessageTemplateListResponse,
  type MessageTemplateUpdateRequest,
  PLACEHOLDERS,
  placeholdersIn,
  unknownPlaceholders,
} from '@tidyhouse/contract';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { AppError, conflict } from '../../../platform/errors';
import { sysUsers } from '../../employees/employees.tables';
import { messageTemplates } from './templates.tables';

type TemplateRow = typeof messageTemplates.$inferSelect;

const EVENT_ORDER = sql.raw(`array_position(array[${MESSAGE_EVENTS.map((e) => `'${e}'`).join(',')}]::varchar[], event)`);

function toTemplate(row: TemplateRow, updatedBy: string | null): MessageTemplate {
  return {
    id: row.id,
    version: row.version,
    event: row.event as MessageEvent,
    channel: row.channel as MessageTemplate['channel'],
    language: row.language as Locale,
    subject: row.subject,
    body: row.body,
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  };
}

async function templateRows(db: Db, where: SQL | undefined) {
  return db
    .select({ row: messageTemplates, updatedBy: sysUsers.name })
    .from(messageTemplates)
    .leftJoin(sysUsers, eq(sysUsers.id, messageTemplates.updatedBy))
    .where(where)
    .orderBy(EVENT_ORDER, asc(messageTemplates.channel), asc(messageTemplates.language));
}

/** Every template (28: 7 events × 2 channels × 2 languages) and each event's on/off and link. */
export async function listTemplates(db: Db, request: MessageTemplateListRequest): Promise<MessageTemplateListResponse> {
  const all = await templateRows(db, undefined);
  const events = MESSAGE_EVENTS.map((event) => {
    const rows = all.filter(({ row }) => row.event === event);
    return {
      event,
      enabled: rows.length > 0 && rows.every(({ row }) => row.enabled),
      transactional: isTransactional(event),
      placeholders: [...PLACEHOLDERS[event]],
      linkUrl: rows[0]?.row.linkUrl ?? '',
    };
  });
  const list = all
    .filter(
      ({ row }) => (!request.event || row.event === request.event) && (!request.language || row.language === request.language),
    )
    .map(({ row, updatedBy }) => toTemplate(row, updatedBy));
  return { list, events };
}

const invalid = (
  field: string,
  key: 'messaging.unknownPlaceholder' | 'messaging.subjectRequired' | 'messaging.notOfEvent' | 'messaging.linkRequired',
  params: Record<string, string> = {},
) => new AppError(Code.INVALID_INPUT, key, { field, ...params });

/**
 * Refuses a text with a placeholder its event does not offer (10001 naming the field and the
 * placeholder), and an e-mail without a subject.
 */
export function checkTemplateTexts(
  event: MessageEvent,
  items: readonly { subject: string; body: string }[],
  channelOf: (index: number) => string,
): void {
  items.forEach((item, i) => {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholders(event, item[field]);
      if (unknown.length > 0) {
        throw invalid(`templates.${i}.${field}`, 'messaging.unknownPlaceholder', {
          placeholder: `{{${unknown[0]}}}`,
          allowed: PLACEHOLDERS[event].map((name) => `{{${name}}}`).join(' '),
        });
      }
    }
    if (channelOf(i) === 'email' && !item.subject.trim()) throw invalid(`templates.${i}.subject`, 'messaging.subjectRequired');
  });
}

/** Edits one event: its on/off and link on every template of it, and the texts given (version checked). */
export async function updateTemplates(tx: Db, userId: number, request: MessageTemplateUpdateRequest) {
  const rows = await tx
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.event, request.event))
    .orderBy(asc(messageTemplates.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  request.templates.forEach((item, i) => {
    if (!byId.has(item.id)) throw invalid(`templates.${i}.id`, 'messaging.notOfEvent');
  });
  checkTemplateTexts(request.event, request.templates, (i) => byId.get(request.templates[i]!.id)!.channel);
  for (const item of request.templates) if (byId.get(item.id)!.version !== item.version) throw conflict();

  // A link placeholder in use by an event that is on needs its page.
  const link = 'link';
  if ((PLACEHOLDERS[request.event] as readonly string[]).includes(link) && request.enabled && !request.linkUrl) {
    const texts = rows.map((row) => request.templates.find((item) => item.id === row.id) ?? row);
    if (texts.some((text) => placeholdersIn(`${text.subject}\n${text.body}`).includes(link))) {
      throw invalid('linkUrl', 'messaging.linkRequired', { placeholder: `{{${link}}}` });
    }
  }

  const before = rows.map((row) => ({ ...row }));
  const now = new Date();
  const changedIds: number[] = [];
  for (const row of rows) {
    const item = request.templates.find((t) => t.id === row.id);
    const subject = row.channel === 'email' ? (item?.subject ?? row.subject) : '';
    const body = item?.body ?? row.body;
    if (subject === row.subject && body === row.body && request.enabled === row.enabled && request.linkUrl === row.linkUrl)
      continue;
    changedIds.push(row.id);
    await tx
      .update(messageTemplates)
      .set({
        subject,
        body,
        enabled: request.enabled,
        linkUrl: request.linkUrl,
        updatedAt: now,
        updatedBy: userId,
        version: sql`${messageTemplates.version} + 1`,
      })
      .where(eq(messageTemplates.id, row.id));
  }
  const after = changedIds.length ? await tx.select().from(messageTemplates).where(inArray(messageTemplates.id, changedIds)) : [];
  const saved = await templateRows(tx, eq(messageTemplates.event, request.event));
  return { before, after, list: saved.map(({ row, updatedBy }) => toTemplate(row, updatedBy)) };
}
